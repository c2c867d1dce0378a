import { usableZone } from "@contract/event-time";
import type { Event } from "@contract/events";
import type { occurrenceSchema, Recurrence, RecurrenceFrequency } from "@contract/hosting";
import { HOSTING_SERIES_TEXTS, recurrenceKey, SERIES_COUNT_MAX, SERIES_COUNT_MIN } from "@contract/hosting-texts";
import { useQuery } from "@tanstack/react-query";
import { RepeatIcon } from "lucide-react";
import { Link } from "wouter";
import type { z } from "zod";
import { eventKeys, eventPaths } from "@/features/events";
import { api } from "@/lib/api";
import { formatEventTime, seriesWeekday } from "@/lib/format-event-time";
import { useLanguage, useTexts } from "@/lib/i18n";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";

/** The repeat line on the deck's card and the event page: "Every Saturday", in the event's own zone. */
export function SeriesLabel({ event }: { event: Pick<Event, "date" | "recurrence" | "timezone"> }) {
  const t = useTexts(HOSTING_SERIES_TEXTS);
  const { locale } = useLanguage();
  if (!event.recurrence) return null;
  const { dayOfMonth } = seriesWeekday(event.date, event.timezone);
  // The weekday in the reader's language, read in the event's own zone as seriesWeekday reads it.
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: usableZone(event.timezone) }).format(
    new Date(event.date),
  );
  const text = t(recurrenceKey(event.recurrence), { weekday, day: dayOfMonth });
  return (
    <p className="flex items-center gap-2" data-testid="series-label">
      <RepeatIcon className="size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

/**
 * A series' other upcoming dates, each its own event with its own guests: the page to join that date.
 * Each reads as the event's time does everywhere (its zone named, "your time" when that differs).
 */
export function SeriesDates({ event, timezone }: { event: Event; timezone?: string }) {
  const occurrences = useQuery({
    queryKey: [...eventKeys.all, "occurrences", event.seriesId],
    queryFn: () => api.get<z.ZodArray<typeof occurrenceSchema>>(eventPaths.occurrences(event.id)),
    enabled: event.seriesId != null,
    networkMode: "offlineFirst",
  });
  const others = (occurrences.data ?? []).filter((o) => o.id !== event.id);
  if (event.seriesId == null) return null;
  return <MoreDates dates={others} eventZone={event.timezone} timezone={timezone} />;
}

/** "More dates": links to a series' other dates, each read in the event's zone (and the viewer's, when it differs). */
export function MoreDates({
  dates,
  eventZone,
  timezone,
}: {
  dates: ReadonlyArray<{ id: number; date: string }>;
  eventZone: string;
  timezone?: string | null;
}) {
  const t = useTexts(HOSTING_SERIES_TEXTS);
  if (dates.length === 0) return null;
  return (
    <nav className="grid gap-1.5" aria-label={t("moreDates")}>
      <h2 className="text-sm font-semibold">{t("moreDates")}</h2>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {dates.map((o) => (
          // A date with "your time" beside it is longer than a phone is wide in some languages: it wraps.
          <li key={o.id} className="w-max max-w-64 shrink-0">
            <Link
              href={`/events/${o.id}`}
              className="block h-full rounded-lg border border-border px-3 py-2 text-sm hover:bg-muted"
            >
              {formatEventTime(o.date, eventZone, timezone)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const FREQUENCIES: { value: RecurrenceFrequency | "none"; label: keyof typeof HOSTING_SERIES_TEXTS }[] = [
  { value: "none", label: "doesNotRepeat" },
  { value: "weekly", label: "everyWeek" },
  { value: "biweekly", label: "everyTwoWeeks" },
  { value: "monthly", label: "everyMonth" },
];

/** The create dialog's "Repeats" choice: a series of 2 to 52 dates, one event each. */
export function RepeatField({
  value,
  onChange,
}: {
  value: Recurrence | null;
  onChange: (value: Recurrence | null) => void;
}) {
  const t = useTexts(HOSTING_SERIES_TEXTS);
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="grid gap-2">
        <Label htmlFor="event-repeat">{t("repeats")}</Label>
        <select
          id="event-repeat"
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          value={value?.frequency ?? "none"}
          onChange={(e) =>
            onChange(
              e.target.value === "none"
                ? null
                : { frequency: e.target.value as RecurrenceFrequency, count: value?.count ?? 4 },
            )
          }
        >
          {FREQUENCIES.map((f) => (
            <option key={f.value} value={f.value}>
              {t(f.label)}
            </option>
          ))}
        </select>
      </div>
      {value && (
        <div className="grid gap-2">
          <Label htmlFor="event-repeat-count">{t("numberOfDates")}</Label>
          <Input
            id="event-repeat-count"
            type="number"
            min={SERIES_COUNT_MIN}
            max={SERIES_COUNT_MAX}
            value={value.count}
            onChange={(e) =>
              onChange({
                ...value,
                count: Math.min(
                  SERIES_COUNT_MAX,
                  Math.max(SERIES_COUNT_MIN, Number(e.target.value) || SERIES_COUNT_MIN),
                ),
              })
            }
          />
        </div>
      )}
    </div>
  );
}
