import type { EventDetail } from "@contract/events";
import { ANSWER_TEXT_MAX, HOSTING_GUEST_TEXTS, HOSTING_TEXTS } from "@contract/hosting-texts";
import type { QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { useLanguage, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/ui/form";
import { TextareaField } from "@/ui/form-fields";
import { toast } from "@/ui/use-toast";
import { useRespondWith } from "./api";

interface RespondValues {
  /** By question id. */
  answers: Record<string, string>;
  guests: number;
}

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
  // Which questions are required is the event's own: the schema is made for its questions.
  const resolver = useMemo(
    () =>
      lazyZodResolver<RespondValues>(() =>
        import("./respond-form-schema").then((m) => m.respondFormSchema(event.questions)),
      ),
    [event.questions],
  );
  const form = useForm<RespondValues>({
    resolver,
    defaultValues: { answers: Object.fromEntries(event.questions.map((q) => [q.id, ""])), guests: 0 },
  });
  const submit = form.handleSubmit(
    ({ answers, guests }) => {
      if (!user || !status) return;
      const given = Object.fromEntries(Object.entries(answers).filter(([, text]) => text));
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
    },
    () => {
      // Each empty required question says so under it; the toast names the first, as the server would.
      const { answers } = form.getValues();
      const missing = event.questions.find((q) => q.required && !answers[q.id]?.trim());
      if (missing) {
        toast({
          title: t("missingAnswer"),
          description: rules("answerRequired", { question: missing.text }),
          variant: "destructive",
        });
      }
    },
  );
  return (
    <Dialog open={status !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(status === "pending" ? "apply" : "join")}</DialogTitle>
          <DialogDescription>{t("hostsSeeAnswers")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-3">
            {event.questions.map((q) => (
              <TextareaField
                key={q.id}
                control={form.control}
                name={`answers.${q.id}`}
                label={<span dir="auto">{q.text}</span>}
                requiredMark={q.required}
                dir="auto"
                rows={2}
                maxLength={ANSWER_TEXT_MAX}
                required={q.required}
              />
            ))}
            {event.maxGuestsPerPerson > 0 && (
              <FormField
                control={form.control}
                name="guests"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("plusOnes")}</FormLabel>
                    <FormControl>
                      <select
                        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                        name={field.name}
                        ref={field.ref}
                        value={field.value}
                        onBlur={field.onBlur}
                        onChange={(e) => field.onChange(Number(e.target.value))}
                      >
                        {Array.from({ length: event.maxGuestsPerPerson + 1 }, (_, n) => n).map((n) => (
                          <option key={`guests-${n}`} value={n}>
                            {n === 0 ? t("justMe") : t("mePlus", { count: n.toLocaleString(locale) })}
                          </option>
                        ))}
                      </select>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
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
        </Form>
      </DialogContent>
    </Dialog>
  );
}
