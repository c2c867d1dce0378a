import { ComingSoon } from "@/features/shell/coming-soon";

/** Placeholder until its issue lands; the route renders it inside the app shell. */
export function NotificationsPage() {
  return <ComingSoon title="Notifications" />;
}
