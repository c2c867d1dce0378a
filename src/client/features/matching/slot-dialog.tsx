import { MEETING_NOTE_MAX, PEOPLE_TO_MEET_TEXTS } from "@contract/matching-texts";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "@/lib/api";
import { formatTime } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Label } from "@/ui/label";
import { Skeleton } from "@/ui/skeleton";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useMeetingSlots } from "./api";

/**
 * Picking a time to meet someone: the event's times from now on, those either of the two holds shown as taken.
 * Asking adds a note; a new time for a meeting sends the time alone.
 */
export function SlotDialog({
  eventId,
  timezone,
  person,
  withNote,
  open,
  onOpenChange,
  onPick,
}: {
  eventId: number;
  /** The event's zone: times are read there, as on its page. */
  timezone: string;
  person: { id: number; fullName: string };
  withNote: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (startsAt: string, note: string) => Promise<unknown>;
}) {
  const t = useTexts(PEOPLE_TO_MEET_TEXTS);
  const id = useId();
  const slots = useMeetingSlots(eventId, person.id, open);
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const close = (next: boolean) => {
    if (!next) {
      setChosen(null);
      setNote("");
    }
    onOpenChange(next);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    setSending(true);
    try {
      await onPick(chosen, note.trim());
      close(false);
    } catch (error) {
      toast({
        title: text(PEOPLE_TO_MEET_TEXTS, withNote ? "failedSend" : "failedChange"),
        description: errorMessage(error) ?? undefined,
        variant: "destructive",
      });
      void slots.refetch();
    } finally {
      setSending(false);
    }
  };
  const list = slots.data?.slots ?? [];
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle dir="auto">
            {withNote ? t("askToMeetNamed", { name: person.fullName }) : t("newTime")}
          </DialogTitle>
          <DialogDescription>{t("pickTime")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          {slots.isPending ? (
            <div className="grid grid-cols-3 gap-2" aria-busy>
              {[1, 2, 3, 4, 5, 6].map((n) => (
                <Skeleton key={n} className="h-12" />
              ))}
            </div>
          ) : slots.isError ? (
            <p className="text-sm text-destructive">{errorMessage(slots.error) ?? t("loadFailed")}</p>
          ) : list.every((slot) => slot.taken) ? (
            <p className="text-sm text-muted-foreground">{t("noFreeSlots")}</p>
          ) : (
            <fieldset className="grid grid-cols-3 gap-2" aria-label={t("pickTime")}>
              {list.map((slot) => {
                const time = formatTime(slot.startsAt, timezone);
                const selected = chosen === slot.startsAt;
                return (
                  <button
                    key={slot.startsAt}
                    type="button"
                    disabled={slot.taken}
                    aria-pressed={selected}
                    aria-label={slot.taken ? t("slotTaken", { time }) : time}
                    onClick={() => setChosen(slot.startsAt)}
                    className={cn(
                      "grid min-h-12 place-items-center rounded-lg border px-1 py-1.5 text-xs leading-tight font-medium",
                      "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                      slot.taken
                        ? "border-dashed border-border text-muted-foreground line-through"
                        : selected
                          ? "border-primary bg-primary text-primary-foreground"
                          : "border-border hover:bg-accent",
                    )}
                  >
                    <span>{time}</span>
                    <span className="text-[0.7rem] font-normal no-underline">
                      {slot.taken ? t("taken") : t("free")}
                    </span>
                  </button>
                );
              })}
            </fieldset>
          )}
          {withNote && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-note`}>{t("note")}</Label>
              <Textarea
                id={`${id}-note`}
                dir="auto"
                rows={2}
                maxLength={MEETING_NOTE_MAX}
                placeholder={t("notePlaceholder")}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          )}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t("close")}
            </Button>
            <Button type="submit" disabled={!chosen || sending}>
              {withNote ? t("send") : t("newTime")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
