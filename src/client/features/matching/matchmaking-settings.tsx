import {
  MATCHMAKING_SETTINGS_TEXTS,
  MEETING_SLOT_MINUTES,
  MEETING_SLOT_MINUTES_DEFAULT,
  MEETING_SPOTS_MAX,
  type MeetingSlotMinutes,
} from "@contract/matching-texts";
import { useId } from "react";
import { useTexts } from "@/lib/i18n";
import { Label } from "@/ui/label";
import { Switch } from "@/ui/switch";
import { Textarea } from "@/ui/textarea";

export interface MatchmakingValue {
  matchmaking: boolean;
  meetingSlotMinutes: MeetingSlotMinutes;
  meetingSpots: string[];
}

/** An event's settings as the dialogs start from them (a new event's: on for a networking one). */
export function matchmakingValue(
  event: { matchmaking: boolean; meetingSlotMinutes?: number; meetingSpots?: string[] } | null,
  type: "social" | "networking" = "social",
): MatchmakingValue {
  return {
    matchmaking: event ? event.matchmaking : type === "networking",
    meetingSlotMinutes:
      MEETING_SLOT_MINUTES.find((minutes) => minutes === event?.meetingSlotMinutes) ?? MEETING_SLOT_MINUTES_DEFAULT,
    meetingSpots: event?.meetingSpots ?? [],
  };
}

const selectClass = "h-10 rounded-md border border-input bg-background px-3 text-sm";
/** Spots as typed, one per line: blank lines dropped, each trimmed (the server refuses what breaks its rules). */
const spotsOf = (typed: string) =>
  typed
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, MEETING_SPOTS_MAX);

/** The host's switch for People to meet, with the meetings' length and spots: one field of the event dialogs. */
export function MatchmakingSettings({
  value,
  onChange,
}: {
  value: MatchmakingValue;
  onChange: (value: MatchmakingValue) => void;
}) {
  const t = useTexts(MATCHMAKING_SETTINGS_TEXTS);
  const id = useId();
  const change = (patch: Partial<MatchmakingValue>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3" data-testid="matchmaking-settings">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-on`}>{t("matchmaking")}</Label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t("matchmakingHint")}
          </p>
        </div>
        <Switch
          id={`${id}-on`}
          checked={value.matchmaking}
          aria-describedby={`${id}-hint`}
          onCheckedChange={(matchmaking) => change({ matchmaking })}
        />
      </div>
      {value.matchmaking && (
        <>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-minutes`}>{t("slotMinutes")}</Label>
            <select
              id={`${id}-minutes`}
              className={selectClass}
              value={value.meetingSlotMinutes}
              onChange={(e) => change(matchmakingValue({ ...value, meetingSlotMinutes: Number(e.target.value) }))}
            >
              {MEETING_SLOT_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t("minutes", { minutes })}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-spots`}>{t("spots")}</Label>
            <Textarea
              id={`${id}-spots`}
              rows={3}
              dir="auto"
              placeholder={t("spotsHint")}
              defaultValue={value.meetingSpots.join("\n")}
              onChange={(e) => change({ meetingSpots: spotsOf(e.target.value) })}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}
