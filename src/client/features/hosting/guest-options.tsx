import type { EventDetail } from "@contract/events";
import type { GuestListVisibility } from "@contract/hosting";
import { EVENT_QUESTIONS_MAX, GUESTS_PER_PERSON_MAX, QUESTION_TEXT_MAX } from "@contract/hosting-texts";
import { PlusIcon, XIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "@/lib/api";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { toast } from "@/ui/use-toast";
import { useGuestOptions } from "./api";

const GUEST_LIST_LABELS: Record<GuestListVisibility, string> = {
  everyone: "Everyone",
  attendees: "People going",
  hosts: "Only the hosts",
};
const NEW = "new-";
const selectClass = "h-10 rounded-md border border-input bg-background px-3 text-sm";

/** What the hosts ask the people who go or apply, how many plus-ones each may bring, and who sees who goes. */
export function GuestOptions({ event }: { event: EventDetail }) {
  const save = useGuestOptions(event.id);
  const [questions, setQuestions] = useState(event.questions);
  const [maxGuests, setMaxGuests] = useState(event.maxGuestsPerPerson);
  const [guestList, setGuestList] = useState(event.guestList);
  const setQuestion = (index: number, change: Partial<(typeof questions)[number]>) =>
    setQuestions((list) => list.map((q, i) => (i === index ? { ...q, ...change } : q)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A question added here has a temporary id only for the list; the server names it.
    const asked = questions
      .filter((q) => q.text.trim())
      .map(({ id, ...q }) => ({ ...(id.startsWith(NEW) ? {} : { id }), ...q, text: q.text.trim() }));
    // The saved questions come back with their ids and remount this form: the promise still says how it went.
    save.mutateAsync({ questions: asked, maxGuestsPerPerson: maxGuests, guestList }).then(
      () => toast({ title: "Guest options saved", description: event.title }),
      (error: unknown) =>
        toast({ title: "Error", description: errorMessage(error) ?? "Failed to save", variant: "destructive" }),
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="guest-options-h">
      <p id="guest-options-h" className="text-sm font-medium">
        Guest options
      </p>
      <fieldset className="grid gap-2">
        <legend className="text-xs text-muted-foreground">Questions for people who join or apply</legend>
        {questions.map((q, i) => (
          <div key={q.id} className="flex items-center gap-2">
            <Input
              aria-label={`Question ${i + 1}`}
              value={q.text}
              maxLength={QUESTION_TEXT_MAX}
              onChange={(e) => setQuestion(i, { text: e.target.value })}
            />
            <label className="flex shrink-0 items-center gap-1 text-xs">
              <input
                type="checkbox"
                checked={q.required}
                onChange={(e) => setQuestion(i, { required: e.target.checked })}
              />
              Required
            </label>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={`Remove question ${i + 1}`}
              onClick={() => setQuestions((list) => list.filter((_, j) => j !== i))}
            >
              <XIcon aria-hidden />
            </Button>
          </div>
        ))}
        {questions.length < EVENT_QUESTIONS_MAX && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="justify-self-start"
            onClick={() =>
              setQuestions((list) => [...list, { id: `${NEW}${Date.now().toString(36)}`, text: "", required: false }])
            }
          >
            <PlusIcon aria-hidden />
            Add a question
          </Button>
        )}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="max-guests">Plus-ones per person</Label>
          <select
            id="max-guests"
            className={selectClass}
            value={maxGuests}
            onChange={(e) => setMaxGuests(Number(e.target.value))}
          >
            {Array.from({ length: GUESTS_PER_PERSON_MAX + 1 }, (_, n) => n).map((n) => (
              <option key={`max-${n}`} value={n}>
                {n === 0 ? "None" : n}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="guest-list">Who sees who is going</Label>
          <select
            id="guest-list"
            className={selectClass}
            value={guestList}
            onChange={(e) => setGuestList(e.target.value as GuestListVisibility)}
          >
            {(Object.keys(GUEST_LIST_LABELS) as GuestListVisibility[]).map((v) => (
              <option key={v} value={v}>
                {GUEST_LIST_LABELS[v]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending}>
        Save guest options
      </Button>
    </form>
  );
}
