import type { EventDetail } from "@contract/events";
import type { GuestListVisibility } from "@contract/hosting";
import { HOST_TOOLS_TEXTS } from "@contract/hosting-texts";
import { type FormEvent, useState } from "react";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Label } from "@/ui/label";
import { toast } from "@/ui/use-toast";
import { useGuestOptions } from "./api";
import { PlusOnesField, QuestionsField, questionsToSave } from "./questions-field";

const GUEST_LIST_LABELS: Record<GuestListVisibility, keyof typeof HOST_TOOLS_TEXTS> = {
  everyone: "guestListEveryone",
  attendees: "guestListAttendees",
  hosts: "guestListHosts",
};
// As wide as its column, never its longest option: a longer language would push the page sideways.
const selectClass = "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm";

/**
 * What the hosts ask the people who go or apply, how many plus-ones each may bring, who sees who goes and
 * how a freed seat is given; a series' date can carry them to its following dates, as the edit form does.
 */
export function GuestOptions({ event }: { event: EventDetail }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const save = useGuestOptions(event.id);
  const [questions, setQuestions] = useState(event.questions);
  const [maxGuests, setMaxGuests] = useState(event.maxGuestsPerPerson);
  const [guestList, setGuestList] = useState(event.guestList);
  const [confirmSeats, setConfirmSeats] = useState(event.waitlistMode === "confirm");
  const [following, setFollowing] = useState(event.seriesId != null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      questions: questionsToSave(questions),
      maxGuestsPerPerson: maxGuests,
      guestList,
      waitlistMode: confirmSeats ? ("confirm" as const) : ("instant" as const),
      following,
    };
    // The saved questions come back with their ids and remount this form: the promise still says how it went.
    save.mutateAsync(body).then(
      () =>
        toast({
          title: t("guestOptionsSaved"),
          description: following ? t("titleAndFollowing", { title: event.title }) : event.title,
        }),
      (error: unknown) =>
        toast({ title: t("error"), description: errorMessage(error) ?? t("failedSave"), variant: "destructive" }),
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="guest-options-h">
      <p id="guest-options-h" className="text-sm font-medium">
        {t("guestOptions")}
      </p>
      <QuestionsField questions={questions} onChange={setQuestions} />
      <div className="grid grid-cols-2 gap-3">
        <div className="grid min-w-0 content-end gap-2">
          <Label htmlFor="max-guests">{t("plusOnesPerPerson")}</Label>
          <PlusOnesField id="max-guests" value={maxGuests} onChange={setMaxGuests} />
        </div>
        <div className="grid min-w-0 content-end gap-2">
          <Label htmlFor="guest-list">{t("whoSeesGoing")}</Label>
          <select
            id="guest-list"
            className={selectClass}
            value={guestList}
            onChange={(e) => setGuestList(e.target.value as GuestListVisibility)}
          >
            {(Object.keys(GUEST_LIST_LABELS) as GuestListVisibility[]).map((v) => (
              <option key={v} value={v}>
                {t(GUEST_LIST_LABELS[v])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={confirmSeats}
          onChange={(e) => setConfirmSeats(e.target.checked)}
        />
        {t("confirmSeats")}
      </label>
      {event.seriesId != null && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={following} onChange={(e) => setFollowing(e.target.checked)} />
          {t("alsoFollowing")}
        </label>
      )}
      <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending}>
        {t("saveGuestOptions")}
      </Button>
    </form>
  );
}
