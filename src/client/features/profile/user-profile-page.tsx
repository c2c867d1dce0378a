import { ComingSoon } from "@/features/shell/coming-soon";

/** Placeholder until its issue lands; the route renders it inside the app shell. */
export function UserProfilePage() {
  return <ComingSoon title="Profile" />;
}
