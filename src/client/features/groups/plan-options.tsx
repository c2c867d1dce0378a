import { PLAN_TEXTS } from "@contract/groups-texts";
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_TEXTS } from "@contract/polls";
import { TIME_SLOT_TEXTS, TIME_SLOTS, timeSlotLabel } from "@contract/time-slots";
import { parseISO } from "date-fns";
import { Plus, Sparkles, X } from "lucide-react";
import { text, useLanguage, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { useBestTimes } from "./api";

export type OptionDraft = { key: number; date: string; time: string; location: string };

let lastKey = 0;
/** A new option row: its key keeps the row's inputs attached to it when another row is removed. */
export const optionDraft = (fields: Omit<OptionDraft, "key">): OptionDraft => ({ key: ++lastKey, ...fields });

/** A slot's start as an input's "HH:mm" (the plan starts when the free time does). */
const slotTime = (slot: string) =>
  `${String(TIME_SLOTS.find((s) => s.id === slot)?.startHour ?? 18).padStart(2, "0")}:00`;

/**
 * The times most members published as free (My Availability), best first: tapping one fills the plan's
 * date and time, or adds it as a poll option.
 */
export function SuggestedTimes({
  groupId,
  today,
  onPick,
}: {
  groupId: number | null;
  today: string;
  onPick: (pick: { date: string; time: string }) => void;
}) {
  const best = useBestTimes(groupId, today);
  const t = useTexts(PLAN_TEXTS);
  const { locale } = useLanguage();
  const times = best.data?.times ?? [];
  if (best.isLoading || times.length === 0) return null;
  // "Mon, Jan 5" in English: the day as the reader's language writes it.
  const day = new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric" });
  return (
    <section className="grid gap-1.5" aria-label={t("whenFree")}>
      <p className="flex items-center gap-1.5 text-sm font-medium">
        <Sparkles className="size-4 text-primary" aria-hidden /> {t("whenFree")}
      </p>
      <div className="flex flex-wrap gap-1.5">
        {times.map((time) => (
          <Button
            key={`${time.date}-${time.slot}`}
            type="button"
            size="sm"
            variant="outline"
            className="h-auto py-1 text-xs"
            data-testid="suggested-time"
            onClick={() => onPick({ date: time.date, time: slotTime(time.slot) })}
          >
            {t("suggested", {
              date: day.format(parseISO(time.date)),
              slot: text(TIME_SLOT_TEXTS, timeSlotLabel(time.slot)),
              count: time.count,
              total: best.data?.memberCount ?? 0,
            })}
          </Button>
        ))}
      </div>
    </section>
  );
}

/** A poll's options (2..6, each a date, a time and an optional place) and when it decides itself. */
export function PollOptionsFields({
  options,
  onChange,
  minDate,
  decideBy,
  onDecideByChange,
}: {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  minDate: string;
  decideBy: { date: string; time: string };
  onDecideByChange: (value: { date: string; time: string }) => void;
}) {
  const t = useTexts(PLAN_TEXTS);
  const set = (i: number, patch: Partial<OptionDraft>) =>
    onChange(options.map((o, n) => (n === i ? { ...o, ...patch } : o)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t("options")}</legend>
      {options.map((o, i) => (
        <div key={o.key} className="grid gap-1.5 rounded-lg border p-2" data-testid="poll-option-input">
          <div className="flex items-center justify-between">
            <span className="text-xs font-medium text-muted-foreground">{t("option", { n: i + 1 })}</span>
            {options.length > POLL_OPTIONS_MIN && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={t("removeOption", { n: i + 1 })}
                onClick={() => onChange(options.filter((_, n) => n !== i))}
              >
                <X />
              </Button>
            )}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Input
              type="date"
              aria-label={t("optionDate", { n: i + 1 })}
              min={minDate}
              value={o.date}
              onChange={(e) => set(i, { date: e.target.value })}
            />
            <Input
              type="time"
              aria-label={t("optionTime", { n: i + 1 })}
              value={o.time}
              onChange={(e) => set(i, { time: e.target.value })}
            />
          </div>
          <Input
            aria-label={t("optionPlace", { n: i + 1 })}
            placeholder={t("placeOptional")}
            dir="auto"
            value={o.location}
            onChange={(e) => set(i, { location: e.target.value })}
          />
        </div>
      ))}
      {options.length < POLL_OPTIONS_MAX && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange([...options, optionDraft({ ...options[options.length - 1], location: "" })])}
        >
          <Plus /> {t("addOption")}
        </Button>
      )}
      <div className="grid gap-1.5">
        <Label>{t("decideBy")}</Label>
        <div className="grid grid-cols-2 gap-2">
          <Input
            type="date"
            aria-label={t("decideByDate")}
            min={minDate}
            value={decideBy.date}
            onChange={(e) => onDecideByChange({ ...decideBy, date: e.target.value })}
          />
          <Input
            type="time"
            aria-label={t("decideByTime")}
            value={decideBy.time}
            onChange={(e) => onDecideByChange({ ...decideBy, time: e.target.value })}
          />
        </div>
        <p className="text-xs text-muted-foreground">{text(POLL_TEXTS, "decidesHint")}</p>
      </div>
    </fieldset>
  );
}
