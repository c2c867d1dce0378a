import { MATCHMAKING_SETTINGS_TEXTS } from "@contract/matching-texts";
import { useTexts } from "@/lib/i18n";
import { useMeetingStats } from "./api";

const COUNTS = ["optedIn", "requests", "accepted", "declined", "canceled"] as const;

/** Hosting's meeting numbers: counts only, never who meets whom. */
export function MeetingStats({ eventId }: { eventId: number }) {
  const t = useTexts(MATCHMAKING_SETTINGS_TEXTS);
  const stats = useMeetingStats(eventId);
  if (!stats.data) return null;
  return (
    <div className="grid gap-2" data-testid="meeting-stats">
      <p className="text-sm font-medium">{t("stats")}</p>
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {COUNTS.map((key) => (
          <div key={key} className="rounded-lg bg-muted px-2 py-1.5 text-center">
            <dd className="text-lg font-semibold tabular-nums">{stats.data[key]}</dd>
            <dt className="text-[0.7rem] text-muted-foreground">{t(key)}</dt>
          </div>
        ))}
      </dl>
    </div>
  );
}
