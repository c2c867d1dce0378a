import { useAuth } from "@/features/auth";
import { AvailabilityWidget } from "./availability-widget";

/** My Availability (/availability): the signed-in user's own days and slots, editable. */
export function AvailabilityPage() {
  const { user } = useAuth();
  return (
    <section className="grid gap-4 px-4 py-5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">My Availability</h1>
        <p className="text-sm text-muted-foreground">Set when you're free to hang out</p>
      </header>
      {user && <AvailabilityWidget userId={user.id} />}
    </section>
  );
}
