import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import type { EventDetail, ParticipantStatus } from "@contract/events";
import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { useAuth } from "@/features/auth";
import { asksBeforeJoining, RespondDialog } from "@/features/hosting";
import { text, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { toast } from "@/ui/use-toast";
import { useCancelEvent } from "./api";
import { EditEventDialog } from "./edit-event-dialog";
import { useRespondNow } from "./use-respond-now";

const STATUS_TEXT = {
  going: "statusGoing",
  pending: "statusPending",
  waitlisted: "statusWaitlisted",
  declined: "statusDeclined",
} as const satisfies Record<ParticipantStatus, keyof typeof EVENT_PAGE_TEXTS>;

/** What the viewer can do here: the host edits or cancels; anyone else joins, applies, waits or leaves. */
export function ViewerActions({ event }: { event: EventDetail }) {
  const { user } = useAuth();
  const t = useTexts(EVENT_PAGE_TEXTS);
  const { respondNow: answer, isPending } = useRespondNow();
  const cancel = useCancelEvent(event.id);
  const [editing, setEditing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [asking, setAsking] = useState<{ status: "going" | "pending" | "waitlisted"; done: string } | null>(null);
  const past = new Date(event.date).getTime() < Date.now();
  if (!user || event.canceledAt) return null;

  if (event.isHost) {
    return (
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden />
          {t("edit")}
        </Button>
        <Button variant="destructive" disabled={cancel.isPending} onClick={() => setConfirmingCancel(true)}>
          {t("cancelEvent")}
        </Button>
        <ConfirmDialog
          open={confirmingCancel}
          onOpenChange={setConfirmingCancel}
          title={t("cancelTitle")}
          description={t("cancelDetail")}
          confirmLabel={t("cancelEvent")}
          cancelLabel={t("keepEvent")}
          destructive
          pending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setConfirmingCancel(false);
                toast({
                  title: text(EVENT_PAGE_TEXTS, "eventCanceled"),
                  description: text(EVENT_PAGE_TEXTS, "participantsNotified"),
                });
              },
              onError: () =>
                toast({
                  title: text(EVENT_PAGE_TEXTS, "error"),
                  description: text(EVENT_PAGE_TEXTS, "cancelFailed"),
                  variant: "destructive",
                }),
            })
          }
        />
        {/* Remounting on open starts the form from the event as it is now, after any earlier save. */}
        <EditEventDialog key={String(editing)} event={event} open={editing} onOpenChange={setEditing} />
      </div>
    );
  }

  const full = event.maxAttendees != null && event.attendeeCount >= event.maxAttendees;
  const send = (status: ParticipantStatus, done: string) =>
    status !== "declined" && asksBeforeJoining(event) ? setAsking({ status, done }) : respondNow(status, done);
  const respondNow = (status: ParticipantStatus, done: string) => answer(event, user.id, status, done);
  const status = event.viewerStatus;
  return (
    <div className="grid gap-2 rounded-xl bg-muted/50 p-3" data-testid="viewer-status">
      <RespondDialog
        event={event}
        status={asking?.status ?? null}
        done={asking?.done ?? ""}
        onOpenChange={(open) => !open && setAsking(null)}
      />
      <p className="text-sm font-medium">
        {status === "waitlisted" && event.waitlistPosition != null
          ? t("waitlistedAt", { position: event.waitlistPosition })
          : status
            ? t(STATUS_TEXT[status])
            : t("notAnswered")}
      </p>
      <OwnAnswer event={event} />
      {!past && (
        <div className="flex flex-wrap gap-2">
          {/* A guest already checked in has come: leaving would only undo the door's record. */}
          {status === "going" && !event.viewerCheckedIn && (
            <Button variant="outline" disabled={isPending} onClick={() => send("declined", t("leftEvent"))}>
              {t("leaveEvent")}
            </Button>
          )}
          {(status === "pending" || status === "waitlisted") && (
            <Button variant="outline" disabled={isPending} onClick={() => send("declined", t("requestWithdrawn"))}>
              {status === "pending" ? t("withdrawRequest") : t("leaveWaitlist")}
            </Button>
          )}
          {(status === null || status === "declined") &&
            (event.type === "networking" ? (
              <Button disabled={isPending} onClick={() => send("pending", t("applicationSubmitted"))}>
                {t("apply")}
              </Button>
            ) : full ? (
              <Button disabled={isPending} onClick={() => send("waitlisted", t("onWaitlist"))}>
                {t("joinWaitlist")}
              </Button>
            ) : (
              <Button disabled={isPending} onClick={() => send("going", t("youreGoing"))}>
                {t("join")}
              </Button>
            ))}
        </div>
      )}
    </div>
  );
}

/** What the viewer answered when joining or applying, and the plus-ones they bring: theirs to check. */
function OwnAnswer({ event }: { event: EventDetail }) {
  const t = useTexts(EVENT_PAGE_TEXTS);
  const asked = event.questions.filter((q) => event.viewerAnswers[q.id]?.trim());
  const guests = event.viewerStatus && event.viewerStatus !== "declined" ? (event.viewerGuests ?? 0) : 0;
  if (asked.length === 0 && guests === 0) return null;
  return (
    <dl className="grid gap-1 text-sm" data-testid="own-answers">
      {guests > 0 && (
        <div>
          <dt className="sr-only">{t("plusOnes")}</dt>
          <dd>{t("bringing", { count: guests })}</dd>
        </div>
      )}
      {asked.map((q) => (
        <div key={q.id} className="grid">
          <dt className="text-muted-foreground" dir="auto">
            {q.text}
          </dt>
          <dd className="wrap-anywhere whitespace-pre-line" dir="auto">
            {event.viewerAnswers[q.id]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
