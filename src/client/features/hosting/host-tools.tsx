import type { EventDetail } from "@contract/events";
import type { GuestRow } from "@contract/hosting";
import { HOST_TOOLS_TEXTS } from "@contract/hosting-texts";
import { CheckIcon, DownloadIcon, UserPlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { useCancelEvent, useDecide } from "@/features/events";
import { MeetingStats } from "@/features/matching";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { toast } from "@/ui/use-toast";
import { useAddCohost, useCheckIn, useGuests, useRemoveCohost } from "./api";
import { CheckInScanner } from "./check-in-scanner";
import { GuestOptions } from "./guest-options";
import { SendUpdate } from "./send-update";

type ToolsKey = keyof typeof HOST_TOOLS_TEXTS;
const STATUS_LABEL: Record<GuestRow["status"], ToolsKey> = {
  going: "statusGoing",
  pending: "statusApplied",
  waitlisted: "statusWaitlist",
  declined: "statusDeclined",
};
const failed = (fallback: ToolsKey) => (error: Error) =>
  toast({
    title: text(HOST_TOOLS_TEXTS, "error"),
    description: errorMessage(error) ?? text(HOST_TOOLS_TEXTS, fallback),
    variant: "destructive",
  });

/** The hosts' tools on the event page: updates, applications with answers, the guest list, check-in. */
export function HostTools({ event }: { event: EventDetail }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const guests = useGuests(event.id, true);
  const rows = guests.data ?? [];
  return (
    <section className="grid gap-4 rounded-xl border border-border p-3" aria-labelledby="host-tools-h">
      <h2 id="host-tools-h" className="text-sm font-semibold">
        {t("hosting")}
      </h2>
      {event.isHost && <CohostManager event={event} />}
      <SendUpdate eventId={event.id} />
      {!event.canceledAt && <GuestOptions key={event.questions.map((q) => q.id).join()} event={event} />}
      {!event.canceledAt && <CheckInScanner eventId={event.id} />}
      <GuestList event={event} rows={rows} loading={guests.isPending} />
      {event.matchmaking && <MeetingStats eventId={event.id} />}
      {event.isHost && event.seriesId != null && !event.canceledAt && <CancelFollowing eventId={event.id} />}
      <a
        href={`/api/events/${event.id}/guests.csv`}
        download
        className="flex items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <DownloadIcon className="size-4" aria-hidden />
        {t("downloadCsv")}
      </a>
    </section>
  );
}

/** The host ends a series from this date on; earlier dates stay. */
function CancelFollowing({ eventId }: { eventId: number }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const cancel = useCancelEvent(eventId);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setConfirming(true)}>
        {t("cancelFollowing")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("cancelFollowingTitle")}
        description={t("cancelFollowingDescription")}
        confirmLabel={t("cancelDates")}
        cancelLabel={t("keepThem")}
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(
            { following: true },
            {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: t("datesCanceled"), description: t("participantsNotified") });
              },
              onError: failed("failedCancelDates"),
            },
          )
        }
      />
    </>
  );
}

function CohostManager({ event }: { event: EventDetail }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const remove = useRemoveCohost(event);
  if (event.cohosts.length === 0) return null;
  return (
    <ul className="grid gap-1" aria-label={t("cohosts")}>
      {event.cohosts.map((c) => (
        <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
          <span>
            <span dir="auto">{c.fullName}</span> · {t(event.seriesId != null ? "cohostOfFollowing" : "cohost")}
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            aria-label={t("removeCohost", { name: c.fullName })}
            onClick={() =>
              remove.mutate(c.id, {
                onSuccess: () => toast({ title: t("cohostRemoved"), description: c.fullName }),
                onError: failed("failedRemoveCohost"),
              })
            }
          >
            {t("remove")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function GuestList({ event, rows, loading }: { event: EventDetail; rows: GuestRow[]; loading: boolean }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const decide = useDecide();
  const checkIn = useCheckIn(event.id);
  const addCohost = useAddCohost(event);
  const questionText = new Map(event.questions.map((q) => [q.id, q.text]));
  const listed = rows.filter((r) => r.status !== "declined");
  const cohostIds = new Set(event.cohosts.map((c) => c.id));
  if (loading) return <p className="text-sm text-muted-foreground">{t("loadingGuestList")}</p>;
  if (listed.length === 0) return <p className="text-sm text-muted-foreground">{t("noGuests")}</p>;
  return (
    <ul className="grid gap-3" aria-label={t("guestList")} data-testid="guest-list">
      {listed.map((r) => (
        <li key={r.user.id} className="grid gap-1.5 border-t border-border pt-2" data-testid="guest-row">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 font-medium wrap-anywhere" dir="auto">
              {r.user.fullName}
            </span>
            {r.guests > 0 && <span className="text-muted-foreground">+{r.guests}</span>}
            <Badge variant="secondary">{t(STATUS_LABEL[r.status])}</Badge>
            {r.checkedIn && <Badge>{t("checkedIn")}</Badge>}
          </div>
          {Object.entries(r.answers).map(([id, answer]) => (
            <p key={id} className="text-xs wrap-anywhere whitespace-pre-line text-muted-foreground" dir="auto">
              <span className="font-medium">{questionText.get(id) ?? t("answer")}:</span> {answer}
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
                            title: t(decision === "approve" ? "requestApproved" : "requestDeclined"),
                            description: r.user.fullName,
                          }),
                        onError: failed("failedAnswerRequest"),
                      },
                    )
                  }
                >
                  {decision === "approve" ? <CheckIcon aria-hidden /> : <XIcon aria-hidden />}
                  {t(decision === "approve" ? "approve" : "decline")}
                </Button>
              ))}
            {r.status === "going" && !r.checkedIn && !event.canceledAt && (
              <Button
                size="sm"
                variant="outline"
                disabled={checkIn.isPending}
                aria-label={t("checkInNamed", { name: r.user.fullName })}
                onClick={() =>
                  checkIn.mutate(
                    { userId: r.user.id },
                    {
                      onSuccess: () => toast({ title: t("checkedIn"), description: r.user.fullName }),
                      onError: failed("failedCheckIn"),
                    },
                  )
                }
              >
                <CheckIcon aria-hidden />
                {t("checkIn")}
              </Button>
            )}
            {event.isHost && !cohostIds.has(r.user.id) && (
              <Button
                size="sm"
                variant="ghost"
                disabled={addCohost.isPending}
                aria-label={t("makeCohostNamed", { name: r.user.fullName })}
                onClick={() =>
                  addCohost.mutate(r.user.id, {
                    onSuccess: () => toast({ title: t("cohostAdded"), description: r.user.fullName }),
                    onError: failed("failedAddCohost"),
                  })
                }
              >
                <UserPlusIcon aria-hidden />
                {t("makeCohost")}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
