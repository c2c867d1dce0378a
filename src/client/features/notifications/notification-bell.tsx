import { BellIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/ui/button";
import { NotificationsStartup } from "./startup";
import { useNotifications } from "./use-notifications";

/** The header's link to /notifications with the unread count; it also mounts the notification start-up. */
export function NotificationBell() {
  const { data } = useNotifications();
  const unread = data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <>
      <NotificationsStartup />
      <Button variant="ghost" size="icon" className="relative size-9 rounded-full" asChild>
        <Link href="/notifications" aria-label={label}>
          <BellIcon />
          {unread > 0 && (
            <span
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-background"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Link>
      </Button>
    </>
  );
}
