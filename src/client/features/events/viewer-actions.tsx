import type { EventDetail, ParticipantStatus } from "@contract/events";
import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { useAuth } from "@/features/auth";
import { asksBeforeJoining, RespondDialog } from "@/features/hosting";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { toast } from "@/ui/use-toast";
import { useCancelEvent } from "./api";
import { EditEventDialog } from "./edit-event-dialog";
import { useRespondNow } from "./use-respond-now";

const STATUS_TEXT: Record<ParticipantStatus, string> = {
  going: "You're going",
  pending: "Request pending",
  waitlisted: "On the waitlist",
  declined: "You declined",
};

/** What the viewer can do here: the host edits or cancels; anyone else joins, applies, waits or leaves. */
export function ViewerActions({ event }: { event: EventDetail }) {
  const { user } = useAuth();
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
          Edit
        </Button>
        <Button variant="destructive" disabled={cancel.isPending} onClick={() => setConfirmingCancel(true)}>
          Cancel event
        </Button>
        <ConfirmDialog
          open={confirmingCancel}
          onOpenChange={setConfirmingCancel}
          title="Cancel this event?"
          description="Everyone going, waiting or asking to join is told it is canceled. This cannot be undone."
          confirmLabel="Cancel event"
          cancelLabel="Keep event"
          destructive
          pending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setConfirmingCancel(false);
                toast({ title: "Event canceled", description: "Participants have been notified." });
              },
              onError: () =>
                toast({ title: "Error", description: "Failed to cancel the event", variant: "destructive" }),
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
        {status ? STATUS_TEXT[status] : "You haven't answered yet"}
        {status === "waitlisted" && event.waitlistPosition != null && ` (#${event.waitlistPosition} in line)`}
      </p>
      <OwnAnswer event={event} />
      {!past && (
        <div className="flex flex-wrap gap-2">
          {/* A guest already checked in has come: leaving would only undo the door's record. */}
          {status === "going" && !event.viewerCheckedIn && (
            <Button variant="outline" disabled={isPending} onClick={() => send("declined", "You left the event")}>
              Leave event
            </Button>
          )}
          {(status === "pending" || status === "waitlisted") && (
            <Button variant="outline" disabled={isPending} onClick={() => send("declined", "Request withdrawn")}>
              {status === "pending" ? "Withdraw request" : "Leave waitlist"}
            </Button>
          )}
          {(status === null || status === "declined") &&
            (event.type === "networking" ? (
              <Button disabled={isPending} onClick={() => send("pending", "Application Submitted")}>
                Apply
              </Button>
            ) : full ? (
              <Button disabled={isPending} onClick={() => send("waitlisted", "You're on the waitlist")}>
                Join waitlist
              </Button>
            ) : (
              <Button disabled={isPending} onClick={() => send("going", "You're going!")}>
                Join
              </Button>
            ))}
        </div>
      )}
    </div>
  );
}

/** What the viewer answered when joining or applying, and the plus-ones they bring: theirs to check. */
function OwnAnswer({ event }: { event: EventDetail }) {
  const asked = event.questions.filter((q) => event.viewerAnswers[q.id]?.trim());
  const guests = event.viewerStatus && event.viewerStatus !== "declined" ? (event.viewerGuests ?? 0) : 0;
  if (asked.length === 0 && guests === 0) return null;
  return (
    <dl className="grid gap-1 text-sm" data-testid="own-answers">
      {guests > 0 && (
        <div>
          <dt className="sr-only">Plus-ones</dt>
          <dd>You're bringing {guests === 1 ? "1 guest" : `${guests} guests`}</dd>
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
