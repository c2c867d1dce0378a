import { ComingSoon } from "@/features/shell/coming-soon";

/** Placeholder until its issue lands; the route renders it inside the app shell. */
export function ProfilePage() {
  return <ComingSoon title="Profile" />;
}
