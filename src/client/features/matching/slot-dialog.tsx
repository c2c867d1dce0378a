import { MEETING_NOTE_MAX, PEOPLE_TO_MEET_TEXTS } from "@contract/matching-texts";
import { Controller, useForm, useWatch } from "react-hook-form";
import { errorMessage } from "@/lib/api";
import { formatTime } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form } from "@/ui/form";
import { TextareaField } from "@/ui/form-fields";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/use-toast";
import { useMeetingSlots } from "./api";

interface SlotValues {
  /** "" until a time is picked; the button waits for one. */
  startsAt: string;
  note: string;
}

/**
 * The rules POST /api/events/{id}/meetings checks for the time and the note (a new time through
 * PATCH /api/meetings/{id} is the same startsAt rule, and sends no note).
 */
const resolver = lazyZodResolver<SlotValues>(() =>
  import("@contract/matching").then((m) => m.meetingRequestBodySchema.pick({ startsAt: true, note: true })),
);

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
  const slots = useMeetingSlots(eventId, person.id, open);
  const form = useForm<SlotValues>({ resolver, defaultValues: { startsAt: "", note: "" } });
  const chosen = useWatch({ control: form.control, name: "startsAt" });
  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const submit = form.handleSubmit(async ({ startsAt, note }) => {
    try {
      await onPick(startsAt, note);
      close(false);
    } catch (error) {
      toast({
        title: text(PEOPLE_TO_MEET_TEXTS, withNote ? "failedSend" : "failedChange"),
        description: errorMessage(error) ?? undefined,
        variant: "destructive",
      });
      void slots.refetch();
    }
  });
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
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
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
              <Controller
                control={form.control}
                name="startsAt"
                render={({ field }) => (
                  <fieldset className="grid grid-cols-3 gap-2" aria-label={t("pickTime")}>
                    {list.map((slot) => {
                      const time = formatTime(slot.startsAt, timezone);
                      const selected = field.value === slot.startsAt;
                      return (
                        <button
                          key={slot.startsAt}
                          type="button"
                          disabled={slot.taken}
                          aria-pressed={selected}
                          aria-label={slot.taken ? t("slotTaken", { time }) : time}
                          onClick={() => field.onChange(slot.startsAt)}
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
              />
            )}
            {withNote && (
              <TextareaField
                control={form.control}
                name="note"
                label={t("note")}
                dir="auto"
                rows={2}
                maxLength={MEETING_NOTE_MAX}
                placeholder={t("notePlaceholder")}
              />
            )}
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t("close")}
              </Button>
              <Button type="submit" disabled={!chosen || form.formState.isSubmitting}>
                {withNote ? t("send") : t("newTime")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
