import type { EventDetail } from "@contract/events";
import type { GuestRow, UpdateAudience } from "@contract/hosting";
import { UPDATE_MESSAGE_MAX } from "@contract/hosting-texts";
import { CheckIcon, DownloadIcon, SendIcon, UserPlusIcon, XIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useCancelEvent, useDecide } from "@/features/events";
import { errorMessage } from "@/lib/api";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { Label } from "@/ui/label";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useAddCohost, useCheckIn, useGuests, useRemoveCohost, useSendUpdate } from "./api";
import { CheckInScanner } from "./check-in-scanner";
import { GuestOptions } from "./guest-options";

const STATUS_LABEL: Record<GuestRow["status"], string> = {
  going: "Going",
  pending: "Applied",
  waitlisted: "Waitlist",
  declined: "Declined",
};
const AUDIENCES: { value: UpdateAudience; label: string }[] = [
  { value: "going", label: "Going" },
  { value: "waitlisted", label: "Waitlist" },
  { value: "pending", label: "Applied" },
];
const failed = (fallback: string) => (error: Error) =>
  toast({ title: "Error", description: errorMessage(error) ?? fallback, variant: "destructive" });

/** The hosts' tools on the event page: updates, applications with answers, the guest list, check-in. */
export function HostTools({ event }: { event: EventDetail }) {
  const guests = useGuests(event.id, true);
  const rows = guests.data ?? [];
  return (
    <section className="grid gap-4 rounded-xl border border-border p-3" aria-labelledby="host-tools-h">
      <h2 id="host-tools-h" className="text-sm font-semibold">
        Hosting
      </h2>
      {event.isHost && <CohostManager event={event} />}
      <SendUpdate eventId={event.id} />
      {!event.canceledAt && <GuestOptions key={event.questions.map((q) => q.id).join()} event={event} />}
      {!event.canceledAt && <CheckInScanner eventId={event.id} />}
      <GuestList event={event} rows={rows} loading={guests.isPending} />
      {event.isHost && event.seriesId != null && !event.canceledAt && <CancelFollowing eventId={event.id} />}
      <a
        href={`/api/events/${event.id}/guests.csv`}
        download
        className="flex items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <DownloadIcon className="size-4" aria-hidden />
        Download guest list (CSV)
      </a>
    </section>
  );
}

/** The host ends a series from this date on; earlier dates stay. */
function CancelFollowing({ eventId }: { eventId: number }) {
  const cancel = useCancelEvent(eventId);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setConfirming(true)}>
        Cancel this and following dates
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this and the following dates?"
        description="Everyone going, waiting or asking to join those dates is told. Earlier dates stay."
        confirmLabel="Cancel dates"
        cancelLabel="Keep them"
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(
            { following: true },
            {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: "Dates canceled", description: "Participants have been notified." });
              },
              onError: failed("Failed to cancel the dates"),
            },
          )
        }
      />
    </>
  );
}

function CohostManager({ event }: { event: EventDetail }) {
  const remove = useRemoveCohost(event);
  if (event.cohosts.length === 0) return null;
  return (
    <ul className="grid gap-1" aria-label="Co-hosts">
      {event.cohosts.map((c) => (
        <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
          <span>
            {c.fullName} · co-host{event.seriesId != null && " of this and the following dates"}
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(c.id, {
                onSuccess: () => toast({ title: "Co-host removed", description: c.fullName }),
                onError: failed("Failed to remove the co-host"),
              })
            }
          >
            Remove<span className="sr-only"> {c.fullName} as co-host</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function SendUpdate({ eventId }: { eventId: number }) {
  const send = useSendUpdate(eventId);
  const [message, setMessage] = useState("");
  const [audience, setAudience] = useState<UpdateAudience[]>(["going"]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim() || audience.length === 0) return;
    send.mutate(
      { message: message.trim(), audience },
      {
        onSuccess: () => {
          setMessage("");
          toast({ title: "Update sent", description: "Your guests have been notified." });
        },
        onError: failed("Failed to send the update"),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor="update-message">Send an update to guests</Label>
      <Textarea
        id="update-message"
        rows={2}
        maxLength={UPDATE_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="sr-only">Who gets it</legend>
        {AUDIENCES.map((a) => (
          <label key={a.value} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={audience.includes(a.value)}
              onChange={(e) =>
                setAudience((list) => (e.target.checked ? [...list, a.value] : list.filter((v) => v !== a.value)))
              }
            />
            {a.label}
          </label>
        ))}
        <Button
          type="submit"
          size="sm"
          className="ml-auto"
          disabled={send.isPending || !message.trim() || !audience.length}
        >
          <SendIcon aria-hidden />
          Send update
        </Button>
      </fieldset>
    </form>
  );
}

function GuestList({ event, rows, loading }: { event: EventDetail; rows: GuestRow[]; loading: boolean }) {
  const decide = useDecide();
  const checkIn = useCheckIn(event.id);
  const addCohost = useAddCohost(event);
  const questionText = new Map(event.questions.map((q) => [q.id, q.text]));
  const listed = rows.filter((r) => r.status !== "declined");
  const cohostIds = new Set(event.cohosts.map((c) => c.id));
  if (loading) return <p className="text-sm text-muted-foreground">Loading the guest list...</p>;
  if (listed.length === 0) return <p className="text-sm text-muted-foreground">No guests yet.</p>;
  return (
    <ul className="grid gap-3" aria-label="Guest list" data-testid="guest-list">
      {listed.map((r) => (
        <li key={r.user.id} className="grid gap-1.5 border-t border-border pt-2" data-testid="guest-row">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 font-medium wrap-anywhere" dir="auto">
              {r.user.fullName}
            </span>
            {r.guests > 0 && <span className="text-muted-foreground">+{r.guests}</span>}
            <Badge variant="secondary">{STATUS_LABEL[r.status]}</Badge>
            {r.checkedIn && <Badge>Checked in</Badge>}
          </div>
          {Object.entries(r.answers).map(([id, text]) => (
            <p key={id} className="text-xs wrap-anywhere whitespace-pre-line text-muted-foreground" dir="auto">
              <span className="font-medium">{questionText.get(id) ?? "Answer"}:</span> {text}
            </p>
          ))}
          <div className="flex flex-wrap gap-2">
            {r.status === "pending" &&
              (["approve", "decline"] as const).map((decision) => (
                <Button
                  key={decision}
                  size="sm"
                  variant={decision === "approve" ? "default" : "outline"}
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate(
                      { eventId: event.id, userId: r.user.id, decision },
                      {
                        onSuccess: () =>
                          toast({
                            title: decision === "approve" ? "Request approved" : "Request declined",
                            description: r.user.fullName,
                          }),
                        onError: failed("Failed to answer the request"),
                      },
                    )
                  }
                >
                  {decision === "approve" ? <CheckIcon aria-hidden /> : <XIcon aria-hidden />}
                  {decision === "approve" ? "Approve" : "Decline"}
                </Button>
              ))}
            {r.status === "going" && !r.checkedIn && !event.canceledAt && (
              <Button
                size="sm"
                variant="outline"
                disabled={checkIn.isPending}
                onClick={() =>
                  checkIn.mutate(
                    { userId: r.user.id },
                    {
                      onSuccess: () => toast({ title: "Checked in", description: r.user.fullName }),
                      onError: failed("Failed to check in"),
                    },
                  )
                }
              >
                <CheckIcon aria-hidden />
                Check in<span className="sr-only"> {r.user.fullName}</span>
              </Button>
            )}
            {event.isHost && !cohostIds.has(r.user.id) && (
              <Button
                size="sm"
                variant="ghost"
                disabled={addCohost.isPending}
                onClick={() =>
                  addCohost.mutate(r.user.id, {
                    onSuccess: () => toast({ title: "Co-host added", description: r.user.fullName }),
                    onError: failed("Failed to add the co-host"),
                  })
                }
              >
                <UserPlusIcon aria-hidden />
                Make co-host<span className="sr-only"> {r.user.fullName}</span>
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
