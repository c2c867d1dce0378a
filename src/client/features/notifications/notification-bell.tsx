import { BellIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/ui/button";

/** Placeholder: the header's link to /notifications; the notifications issue adds the unread badge. */
export function NotificationBell() {
  return (
    <Button variant="ghost" size="icon" className="size-9 rounded-full" asChild>
      <Link href="/notifications" aria-label="Notifications">
        <BellIcon />
      </Link>
    </Button>
  );
}
