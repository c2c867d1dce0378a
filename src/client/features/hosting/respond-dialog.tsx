import type { EventDetail } from "@contract/events";
import { ANSWER_TEXT_MAX, HOSTING_GUEST_TEXTS, HOSTING_TEXTS } from "@contract/hosting-texts";
import type { QueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { useLanguage, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Label } from "@/ui/label";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useRespondWith } from "./api";

/**
 * Going, applying or joining the waitlist with the answers the hosts ask for and any plus-ones.
 * `done` titles the toast after the answer is stored; a screen that shows the answer itself leaves it out.
 */
export function RespondDialog({
  event,
  status,
  done,
  onOpenChange,
  onResponded,
  refresh,
}: {
  event: Pick<EventDetail, "id" | "title" | "questions" | "maxGuestsPerPerson">;
  status: "going" | "pending" | "waitlisted" | null;
  done?: string;
  onOpenChange: (open: boolean) => void;
  onResponded?: () => void;
  /** Which cached reads the answer changes (every events read unless told). */
  refresh?: (client: QueryClient, eventId: number) => void;
}) {
  const t = useTexts(HOSTING_GUEST_TEXTS);
  const rules = useTexts(HOSTING_TEXTS);
  const { locale } = useLanguage();
  const { user } = useAuth();
  const respond = useRespondWith(refresh);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [guests, setGuests] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user || !status) return;
    const missing = event.questions.find((q) => q.required && !answers[q.id]?.trim());
    if (missing) {
      toast({
        title: t("missingAnswer"),
        description: rules("answerRequired", { question: missing.text }),
        variant: "destructive",
      });
      return;
    }
    const given = Object.fromEntries(Object.entries(answers).filter(([, text]) => text.trim()));
    respond.mutate(
      { eventId: event.id, userId: user.id, status, answers: given, guests },
      {
        onSuccess: () => {
          if (done) toast({ title: done, description: event.title });
          onOpenChange(false);
          onResponded?.();
        },
        onError: (error) =>
          toast({
            title: t("error"),
            description: errorMessage(error) ?? t("failedRespond"),
            variant: "destructive",
          }),
      },
    );
  };
  return (
    <Dialog open={status !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(status === "pending" ? "apply" : "join")}</DialogTitle>
          <DialogDescription>{t("hostsSeeAnswers")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3">
          {event.questions.map((q) => (
            <div key={q.id} className="grid gap-2">
              <Label htmlFor={`answer-${q.id}`}>
                <span dir="auto">{q.text}</span>
                {q.required && (
                  <span aria-hidden className="text-destructive">
                    {" "}
                    *
                  </span>
                )}
              </Label>
              <Textarea
                id={`answer-${q.id}`}
                dir="auto"
                rows={2}
                maxLength={ANSWER_TEXT_MAX}
                required={q.required}
                value={answers[q.id] ?? ""}
                onChange={(e) => setAnswers((a) => ({ ...a, [q.id]: e.target.value }))}
              />
            </div>
          ))}
          {event.maxGuestsPerPerson > 0 && (
            <div className="grid gap-2">
              <Label htmlFor="respond-guests">{t("plusOnes")}</Label>
              <select
                id="respond-guests"
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                value={guests}
                onChange={(e) => setGuests(Number(e.target.value))}
              >
                {Array.from({ length: event.maxGuestsPerPerson + 1 }, (_, n) => n).map((n) => (
                  <option key={`guests-${n}`} value={n}>
                    {n === 0 ? t("justMe") : t("mePlus", { count: n.toLocaleString(locale) })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={respond.isPending}>
              {t(status === "pending" ? "sendApplication" : "confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
