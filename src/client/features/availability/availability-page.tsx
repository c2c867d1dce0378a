import { MY_AVAILABILITY_TEXTS } from "@contract/availability-texts";
import { useAuth } from "@/features/auth";
import { useTexts } from "@/lib/i18n";
import { AvailabilityWidget } from "./availability-widget";

/** My Availability (/availability): the signed-in user's own days and slots, editable. */
export function AvailabilityPage() {
  const { user } = useAuth();
  const t = useTexts(MY_AVAILABILITY_TEXTS);
  return (
    <section className="grid gap-4 px-4 py-5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </header>
      {user && <AvailabilityWidget userId={user.id} />}
    </section>
  );
}
