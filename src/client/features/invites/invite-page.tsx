import { ComingSoon } from "@/features/shell/coming-soon";

/** Public placeholder (no shell) until its issue lands. */
export function InvitePage() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center">
      <ComingSoon title="Invite" />
    </main>
  );
}
