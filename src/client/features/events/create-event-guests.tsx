import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import { COHOSTS_AT_CREATE_MAX } from "@contract/hosting-texts";
import { useAuth } from "@/features/auth";
import { PlusOnesField, type QuestionDraft, QuestionsField } from "@/features/hosting";
import { useTexts } from "@/lib/i18n";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { useCohostCandidates } from "./api";

export interface GuestSetup {
  /** "" is unlimited. */
  maxAttendees: string;
  questions: QuestionDraft[];
  maxGuestsPerPerson: number;
  cohostIds: number[];
}

/**
 * Create Event's guest options, for every kind of event (and every date of a series): the cap, what
 * joining people are asked, the plus-ones each may bring, and friends who co-host.
 */
export function CreateEventGuests({
  open,
  value,
  onChange,
  capacityPlaceholder,
}: {
  open: boolean;
  value: GuestSetup;
  onChange: (change: Partial<GuestSetup>) => void;
  capacityPlaceholder: string;
}) {
  const { user } = useAuth();
  const t = useTexts(CREATE_EVENT_TEXTS);
  const friends = useCohostCandidates(user?.id, open);
  const toggleCohost = (id: number, on: boolean) =>
    onChange({ cohostIds: on ? [...value.cohostIds, id] : value.cohostIds.filter((c) => c !== id) });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t("guests")}</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="event-max">{t("maxAttendees")}</Label>
          <Input
            id="event-max"
            type="number"
            min={1}
            placeholder={capacityPlaceholder}
            value={value.maxAttendees}
            onChange={(e) => onChange({ maxAttendees: e.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="event-plus-ones">{t("plusOnes")}</Label>
          <PlusOnesField
            id="event-plus-ones"
            value={value.maxGuestsPerPerson}
            onChange={(n) => onChange({ maxGuestsPerPerson: n })}
          />
        </div>
      </div>
      <QuestionsField name="guests.questions" />
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-xs text-muted-foreground">{t("cohosts", { max: COHOSTS_AT_CREATE_MAX })}</legend>
        {friends.data?.length ? (
          friends.data.map((f) => {
            const checked = value.cohostIds.includes(f.id);
            return (
              <label key={f.id} className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && value.cohostIds.length >= COHOSTS_AT_CREATE_MAX}
                  onChange={(e) => toggleCohost(f.id, e.target.checked)}
                />
                <span dir="auto">{f.fullName}</span>
              </label>
            );
          })
        ) : (
          <p className="text-xs text-muted-foreground">
            {friends.isPending ? t("loadingFriends") : t("friendsAppear")}
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
