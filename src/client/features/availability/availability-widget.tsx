import type { AvailabilityRow } from "@contract/availability";
import { MY_AVAILABILITY_TEXTS } from "@contract/availability-texts";
import { TIME_SLOT_TEXTS, TIME_SLOTS, type TimeSlotId } from "@contract/time-slots";
import {
  addMonths,
  format,
  formatISO,
  isBefore,
  isSameDay,
  isSameMonth,
  isToday,
  parseISO,
  startOfDay,
  startOfMonth,
} from "date-fns";
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { text, useLanguage, useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useAvailability, useSaveAvailability } from "./api";
import { calendarCells } from "./calendar";

/** A Sunday (4 January 2026) and the six days after it: the calendar's columns, named in the reader's language. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(2026, 0, 4 + i));
/** Dates as the calendar writes them (in English as before: "November 2026", "Saturday, November 28, 2026"). */
const DATE_FORMATS = {
  weekday: { weekday: "short" },
  month: { month: "long", year: "numeric" },
  day: { day: "numeric" },
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  heading: { weekday: "long", month: "long", day: "numeric" },
  saved: { month: "long", day: "numeric", year: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
function useDateText() {
  const { locale } = useLanguage();
  return useMemo(() => {
    const formats = Object.fromEntries(
      Object.entries(DATE_FORMATS).map(([name, options]) => [name, new Intl.DateTimeFormat(locale, options)]),
    ) as Record<keyof typeof DATE_FORMATS, Intl.DateTimeFormat>;
    return (date: Date, as: keyof typeof DATE_FORMATS) => formats[as].format(date);
  }, [locale]);
}
const dayKey = (date: Date) => format(date, "yyyy-MM-dd");

export type AvailabilityWidgetProps = {
  userId: number;
  /** Read-only mode shows the slots but blocks toggling and saving. */
  readOnly?: boolean;
  /** The day to open on (yyyy-MM-dd); today when absent. */
  initialDate?: string;
};

/** My Availability: a 42-cell month calendar and the eight time slots of the chosen day. */
export function AvailabilityWidget({ userId, readOnly = false, initialDate }: AvailabilityWidgetProps) {
  const start = initialDate ? parseISO(initialDate) : startOfDay(new Date());
  const [month, setMonth] = useState(() => startOfMonth(start));
  const [selected, setSelected] = useState(start);
  // Unsaved toggles of the selected day; null shows what is saved.
  const [draft, setDraft] = useState<{ day: string; slots: TimeSlotId[] } | null>(null);
  const availability = useAvailability(userId);
  const save = useSaveAvailability();
  const t = useTexts(MY_AVAILABILITY_TEXTS);
  const dateText = useDateText();

  const savedByDay = useMemo(() => {
    const map = new Map<string, AvailabilityRow>();
    for (const row of availability.data ?? []) map.set(row.date, row);
    return map;
  }, [availability.data]);

  const selectedDay = dayKey(selected);
  const slots: TimeSlotId[] = draft?.day === selectedDay ? draft.slots : (savedByDay.get(selectedDay)?.timeslots ?? []);
  const cells = calendarCells(month);
  const today = startOfDay(new Date());
  const selectedIsPast = isBefore(selected, today);

  function selectDay(date: Date) {
    setSelected(date);
    setDraft(null);
    // A day of the previous or next month shown around this one opens its own month.
    setMonth((m) => (isSameMonth(date, m) ? m : startOfMonth(date)));
  }

  function toggle(id: TimeSlotId) {
    if (readOnly) return;
    void native.haptic("light");
    const next = slots.includes(id) ? slots.filter((s) => s !== id) : [...slots, id];
    setDraft({ day: selectedDay, slots: next });
  }

  function submit() {
    const day = dateText(selected, "saved");
    save.mutate(
      // The local midnight as ISO (with its offset) and the slots as a JSON string.
      { userId, date: formatISO(startOfDay(selected)), timeslots: JSON.stringify(slots) },
      {
        onSuccess: () => {
          setDraft(null);
          toast({
            title: text(MY_AVAILABILITY_TEXTS, "saved"),
            description: text(MY_AVAILABILITY_TEXTS, "savedDetail", { day }),
          });
        },
        onError: () =>
          toast({
            title: text(MY_AVAILABILITY_TEXTS, "error"),
            description: text(MY_AVAILABILITY_TEXTS, "saveFailed"),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <div className="grid gap-4" data-testid="availability-widget">
      <section aria-label={t("calendar")} className="rounded-2xl border border-border bg-card p-3 shadow-sm">
        <div className="mb-2 flex items-center justify-between">
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={t("previousMonth")}
            onClick={() => setMonth((m) => addMonths(m, -1))}
          >
            <ChevronLeftIcon className="rtl:-scale-x-100" />
          </Button>
          <h2 className="text-base font-semibold" aria-live="polite">
            {dateText(month, "month")}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={t("nextMonth")}
            onClick={() => setMonth((m) => addMonths(m, 1))}
          >
            <ChevronRightIcon className="rtl:-scale-x-100" />
          </Button>
        </div>
        <div className="grid grid-cols-7 gap-1 text-center">
          {WEEK.map((d) => (
            <div key={d.getDay()} className="pb-1 text-xs font-medium text-muted-foreground">
              {dateText(d, "weekday")}
            </div>
          ))}
          {cells.map(({ date, inMonth }) => {
            const key = dayKey(date);
            const isSelected = inMonth && isSameDay(date, selected);
            const hasSlots = (savedByDay.get(key)?.timeslots.length ?? 0) > 0;
            // A day that is over cannot be offered (the server refuses it too).
            const past = !readOnly && isBefore(date, today);
            return (
              <button
                key={key}
                type="button"
                data-day={key}
                data-filler={inMonth ? undefined : "true"}
                // Days of the neighbouring months can be tapped too: people plan across a month's end.
                disabled={past}
                aria-pressed={isSelected}
                aria-label={dateText(date, "full")}
                onClick={() => selectDay(date)}
                className={cn(
                  "relative flex aspect-square items-center justify-center rounded-lg text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  past ? "cursor-default text-muted-foreground/40" : "hover:bg-accent",
                  !inMonth && !past && "text-muted-foreground",
                  isToday(date) && inMonth && !isSelected && "font-semibold text-primary",
                  isSelected && "bg-primary font-semibold text-primary-foreground hover:bg-primary/90",
                )}
              >
                {dateText(date, "day")}
                {hasSlots && (
                  <span
                    aria-hidden
                    className={cn(
                      "absolute bottom-1 size-1 rounded-full",
                      isSelected ? "bg-primary-foreground" : "bg-primary",
                    )}
                  />
                )}
              </button>
            );
          })}
        </div>
      </section>

      <section aria-label={t("timeSlots")} className="grid gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{dateText(selected, "heading")}</h3>
        {availability.isLoading ? (
          <div className="grid grid-cols-2 gap-2">
            {TIME_SLOTS.map((s) => (
              <Skeleton key={s.id} className="h-14" />
            ))}
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            {TIME_SLOTS.map((slot) => {
              const on = slots.includes(slot.id);
              return (
                <button
                  key={slot.id}
                  type="button"
                  data-slot-id={slot.id}
                  aria-pressed={on}
                  aria-disabled={readOnly || undefined}
                  onClick={() => toggle(slot.id)}
                  className={cn(
                    "flex items-center justify-between gap-2 rounded-xl border px-3 py-2.5 text-start transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    on ? "border-primary bg-primary/10" : "border-border bg-card",
                    readOnly ? "cursor-default" : "hover:border-primary/60",
                  )}
                >
                  <span className="grid">
                    <span className="text-sm font-medium">{text(TIME_SLOT_TEXTS, slot.label)}</span>{" "}
                    <span className="text-xs text-muted-foreground">{text(TIME_SLOT_TEXTS, slot.range)}</span>
                  </span>
                  <span
                    aria-hidden
                    className={cn(
                      "flex size-5 shrink-0 items-center justify-center rounded-full border",
                      on ? "border-primary bg-primary text-primary-foreground" : "border-border",
                    )}
                  >
                    {on && <CheckIcon className="size-3.5" strokeWidth={3} />}
                  </span>
                </button>
              );
            })}
          </div>
        )}
      </section>

      {!readOnly && (
        <Button
          size="lg"
          className="w-full"
          disabled={save.isPending || slots.length === 0 || selectedIsPast}
          onClick={submit}
        >
          {save.isPending && <Spinner className="size-4" />}
          {t("save")}
        </Button>
      )}
    </div>
  );
}
