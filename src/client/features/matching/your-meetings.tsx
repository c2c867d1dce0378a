import type { Meeting } from "@contract/matching";
import { type MeetingStatus, PEOPLE_TO_MEET_TEXTS } from "@contract/matching-texts";
import { ClockIcon, MapPinIcon } from "lucide-react";
import { useState } from "react";
import { useOnline } from "@/features/shell";
import { errorMessage } from "@/lib/api";
import { formatTime } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useChangeMeeting, useMeetings } from "./api";
import { SlotDialog } from "./slot-dialog";

type Key = keyof typeof PEOPLE_TO_MEET_TEXTS;
const STATUS_LABELS: Record<MeetingStatus, Key> = {
  pending: "statusPending",
  accepted: "statusAccepted",
  declined: "statusDeclined",
  canceled: "statusCanceled",
};
const failed = (error: unknown) =>
  toast({
    title: text(PEOPLE_TO_MEET_TEXTS, "failedChange"),
    description: errorMessage(error) ?? undefined,
    variant: "destructive",
  });

/**
 * The viewer's meetings at the event in time order, with what each allows: the person asked accepts or declines,
 * either proposes a new time or cancels. Kept on the device, so the agenda shows at the event without signal.
 */
export function YourMeetings({ eventId, timezone, viewerId }: { eventId: number; timezone: string; viewerId: number }) {
  const t = useTexts(PEOPLE_TO_MEET_TEXTS);
  const meetings = useMeetings(eventId, true);
  const online = useOnline();
  const change = useChangeMeeting(eventId);
  const [moving, setMoving] = useState<Meeting | null>(null);
  const list = meetings.data?.meetings ?? [];
  const other = (m: Meeting) => (m.requester.id === viewerId ? m.invitee : m.requester);
  return (
    <section className="grid gap-2" aria-labelledby="your-meetings-h" data-testid="your-meetings">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="your-meetings-h" className="text-sm font-semibold">
          {t("yourMeetings")}
        </h3>
        {!online && meetings.data && <span className="text-xs text-muted-foreground">{t("keptOffline")}</span>}
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{meetings.isError ? t("loadFailed") : t("noMeetings")}</p>
      ) : (
        <ol className="grid gap-2">
          {list.map((m) => {
            const awaitingMe = m.status === "pending" && m.proposedBy !== viewerId;
            const open = m.status === "pending" || m.status === "accepted";
            const act = (body: { status: "accepted" | "declined" | "canceled" }) =>
              change.mutate({ id: m.id, ...body }, { onError: failed });
            return (
              <li
                key={m.id}
                data-testid="meeting"
                className={cn("grid gap-2 rounded-xl border border-border p-3", !open && "opacity-70")}
              >
                <p className="flex items-center gap-1.5 text-sm font-medium">
                  <ClockIcon className="size-3.5 shrink-0" aria-hidden />
                  <span>
                    {formatTime(m.startsAt, timezone)} – {formatTime(m.endsAt, timezone)}
                  </span>
                </p>
                <div className="flex items-center justify-between gap-2">
                  <p className="min-w-0 truncate text-sm" dir="auto">
                    {t("withName", { name: other(m).fullName })}
                  </p>
                  <Badge variant={m.status === "accepted" ? "default" : "secondary"} className="shrink-0">
                    {t(awaitingMe ? "statusAwaitingYou" : STATUS_LABELS[m.status])}
                  </Badge>
                </div>
                {m.spot && (
                  <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <MapPinIcon className="size-3.5 shrink-0" aria-hidden />
                    <span dir="auto">{t("at", { spot: m.spot })}</span>
                  </p>
                )}
                {m.note && (
                  <p className="text-xs whitespace-pre-line text-muted-foreground" dir="auto">
                    {m.note}
                  </p>
                )}
                {open && (
                  <div className="flex flex-wrap gap-2">
                    {awaitingMe && (
                      <>
                        <Button size="sm" disabled={change.isPending} onClick={() => act({ status: "accepted" })}>
                          {t("accept")}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={change.isPending}
                          onClick={() => act({ status: "declined" })}
                        >
                          {t("decline")}
                        </Button>
                      </>
                    )}
                    <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => setMoving(m)}>
                      {t("newTime")}
                    </Button>
                    {!awaitingMe && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-destructive"
                        disabled={change.isPending}
                        onClick={() => act({ status: "canceled" })}
                      >
                        {t("cancel")}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {moving && (
        <SlotDialog
          eventId={eventId}
          timezone={timezone}
          person={other(moving)}
          withNote={false}
          open
          onOpenChange={(isOpen) => !isOpen && setMoving(null)}
          onPick={(startsAt) => change.mutateAsync({ id: moving.id, startsAt })}
        />
      )}
    </section>
  );
}
