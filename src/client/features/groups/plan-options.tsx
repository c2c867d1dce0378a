import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_TEXTS } from "@contract/polls";
import { TIME_SLOTS, timeSlotLabel } from "@contract/time-slots";
import { format, parseISO } from "date-fns";
import { Plus, Sparkles, X } from "lucide-react";
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
  const times = best.data?.times ?? [];
  if (best.isLoading || times.length === 0) return null;
  return (
    <section className="grid gap-1.5" aria-label="When most members are free">
      <p className="flex items-center gap-1.5 text-sm font-medium">
        <Sparkles className="size-4 text-primary" aria-hidden /> When most members are free
      </p>
      <div className="flex flex-wrap gap-1.5">
        {times.map((t) => (
          <Button
            key={`${t.date}-${t.slot}`}
            type="button"
            size="sm"
            variant="outline"
            className="h-auto py-1 text-xs"
            data-testid="suggested-time"
            onClick={() => onPick({ date: t.date, time: slotTime(t.slot) })}
          >
            {format(parseISO(t.date), "EEE, MMM d")} · {timeSlotLabel(t.slot)} ({t.count} of {best.data?.memberCount}{" "}
            free)
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
  const set = (i: number, patch: Partial<OptionDraft>) =>
    onChange(options.map((o, n) => (n === i ? { ...o, ...patch } : o)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Options to vote on</legend>
      {options.map((o, i) => (
        <div key={o.key} className="grid gap-1.5 rounded-lg border p-2" data-testid="poll-option-input">
          <div className="flex items-center justify-between">
            <span className="text-xs font-medium text-muted-foreground">Option {i + 1}</span>
            {options.length > POLL_OPTIONS_MIN && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove option ${i + 1}`}
                onClick={() => onChange(options.filter((_, n) => n !== i))}
              >
                <X />
              </Button>
            )}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Input
              type="date"
              aria-label={`Option ${i + 1} date`}
              min={minDate}
              value={o.date}
              onChange={(e) => set(i, { date: e.target.value })}
            />
            <Input
              type="time"
              aria-label={`Option ${i + 1} time`}
              value={o.time}
              onChange={(e) => set(i, { time: e.target.value })}
            />
          </div>
          <Input
            aria-label={`Option ${i + 1} place`}
            placeholder="Place (optional)"
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
          <Plus /> Add option
        </Button>
      )}
      <div className="grid gap-1.5">
        <Label>Decide by</Label>
        <div className="grid grid-cols-2 gap-2">
          <Input
            type="date"
            aria-label="Decide by date"
            min={minDate}
            value={decideBy.date}
            onChange={(e) => onDecideByChange({ ...decideBy, date: e.target.value })}
          />
          <Input
            type="time"
            aria-label="Decide by time"
            value={decideBy.time}
            onChange={(e) => onDecideByChange({ ...decideBy, time: e.target.value })}
          />
        </div>
        <p className="text-xs text-muted-foreground">{POLL_TEXTS.decidesHint}</p>
      </div>
    </fieldset>
  );
}
