import { NOTIFICATIONS_PAGE_TEXTS } from "@contract/notifications-texts";
import { BellIcon } from "lucide-react";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { NotificationsStartup } from "./startup";
import { useNotifications } from "./use-notifications";

/** The header's link to /notifications with the unread count; it also mounts the notification start-up. */
export function NotificationBell() {
  const { data } = useNotifications();
  const t = useTexts(NOTIFICATIONS_PAGE_TEXTS);
  const unread = data?.unreadCount ?? 0;
  const label = unread > 0 ? t("unread", { count: unread }) : t("title");
  return (
    <>
      <NotificationsStartup />
      <Button variant="ghost" size="icon" className="relative size-9 rounded-full" asChild>
        <Link href="/notifications" aria-label={label}>
          <BellIcon />
          {unread > 0 && (
            <span
              data-testid="notification-badge"
              className="absolute -end-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-background"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Link>
      </Button>
    </>
  );
}
