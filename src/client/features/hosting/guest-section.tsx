import type { EventDetail } from "@contract/events";
import { formatDoorCode, HOSTING_GUEST_TEXTS, HOSTING_TEXTS } from "@contract/hosting-texts";
import { BadgeCheckIcon, MaximizeIcon, MegaphoneIcon, TicketIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { formatMessageTime, formatTime } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog";
import { toast } from "@/ui/use-toast";
import { useConfirmSeat, useTicket, useUpdates } from "./api";
import { qrDataUrl } from "./qr";

/** What a guest has on the event page: "You were there", their ticket's QR code, and the hosts' updates. */
export function GuestSection({ event }: { event: EventDetail }) {
  const t = useTexts(HOSTING_TEXTS);
  const manages = event.isHost || event.isCohost;
  const going = event.viewerStatus === "going";
  const guest = going || event.viewerStatus === "pending" || event.viewerStatus === "waitlisted";
  return (
    <>
      {event.viewerCheckedIn && (
        <p
          className="flex items-center gap-2 rounded-lg bg-primary/10 px-3 py-2 text-sm font-medium text-primary"
          data-testid="you-were-there"
        >
          <BadgeCheckIcon className="size-4" aria-hidden />
          {t("youWereThere")}
        </p>
      )}
      {event.viewerConfirmBy && !event.canceledAt && <SeatOffer eventId={event.id} until={event.viewerConfirmBy} />}
      {going && !event.canceledAt && !event.viewerCheckedIn && <Ticket eventId={event.id} title={event.title} />}
      {(guest || manages) && <Updates eventId={event.id} />}
    </>
  );
}

/** A seat offered from the waitlist: the person confirms it within the hour, or it goes to the next in line. */
function SeatOffer({ eventId, until }: { eventId: number; until: string }) {
  const t = useTexts(HOSTING_GUEST_TEXTS);
  const confirm = useConfirmSeat(eventId);
  const { user } = useAuth();
  const time = formatTime(until, user?.timezone);
  return (
    <section className="grid gap-2 rounded-xl border border-primary p-3" data-testid="seat-offer">
      <p className="text-sm font-medium">{t("seatOffer", { time })}</p>
      <Button
        className="justify-self-start"
        disabled={confirm.isPending}
        onClick={() =>
          confirm.mutate(undefined, {
            onSuccess: () => toast({ title: t("spotConfirmed"), description: t("seeYouThere") }),
            onError: (error) =>
              toast({
                title: t("error"),
                description: errorMessage(error) ?? t("failedConfirm"),
                variant: "destructive",
              }),
          })
        }
      >
        {t("confirmMySpot")}
      </Button>
    </section>
  );
}

/**
 * The going guest's ticket: the QR code a host scans and, under it, the short code a host can type. "Show
 * ticket" opens it full screen, above the header and the bottom bar, so a scan or a photo gets the whole code.
 */
function Ticket({ eventId, title }: { eventId: number; title: string }) {
  const t = useTexts(HOSTING_GUEST_TEXTS);
  const ticket = useTicket(eventId, true);
  const [image, setImage] = useState<string | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const code = ticket.data?.code;
  useEffect(() => {
    if (code) void qrDataUrl(code).then(setImage);
  }, [code]);
  const face = (size: string, testId: string) =>
    image && ticket.data ? (
      <>
        <img
          src={image}
          alt={t("ticketQrAlt")}
          className={`${size} rounded-lg bg-white`}
          data-testid={testId}
          data-code={code}
        />
        <p className="text-xs text-muted-foreground">{t("orGiveCode")}</p>
        <p className="font-mono text-2xl font-semibold tracking-widest" data-testid="door-code">
          {formatDoorCode(ticket.data.doorCode)}
        </p>
      </>
    ) : ticket.isError ? (
      <p className="text-sm text-muted-foreground">{t("ticketNotLoaded")}</p>
    ) : (
      <div className={`${size} animate-pulse rounded-lg bg-muted`} aria-busy />
    );
  return (
    <section
      className="grid scroll-mt-20 scroll-mb-28 justify-items-center gap-2 rounded-xl border border-border p-4"
      aria-labelledby="ticket-h"
    >
      <h2 id="ticket-h" className="flex items-center gap-2 self-start text-sm font-semibold">
        <TicketIcon className="size-4" aria-hidden />
        {t("yourTicket")}
      </h2>
      {face("size-48", "ticket-qr")}
      <p className="text-xs text-muted-foreground">{t("showAtDoor")}</p>
      {image && (
        <Button variant="outline" size="sm" onClick={() => setFullScreen(true)}>
          <MaximizeIcon aria-hidden />
          {t("showTicket")}
        </Button>
      )}
      <Dialog open={fullScreen} onOpenChange={setFullScreen}>
        <DialogContent className="justify-items-center">
          <DialogHeader>
            <DialogTitle>{t("yourTicket")}</DialogTitle>
            <DialogDescription dir="auto">{title}</DialogDescription>
          </DialogHeader>
          {face("size-64", "ticket-qr-full")}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function Updates({ eventId }: { eventId: number }) {
  const t = useTexts(HOSTING_GUEST_TEXTS);
  const { user } = useAuth();
  const updates = useUpdates(eventId, true);
  const list = updates.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby="updates-h" data-testid="event-updates">
      <h2 id="updates-h" className="flex items-center gap-2 text-sm font-semibold">
        <MegaphoneIcon className="size-4" aria-hidden />
        {t("updatesFromHosts")}
      </h2>
      <ul className="grid gap-2">
        {list.map((u) => (
          <li key={u.id} className="rounded-lg bg-muted/50 p-3 text-sm">
            <p className="whitespace-pre-line" dir="auto">
              {u.message}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              {u.author ? <span dir="auto">{u.author.fullName}</span> : t("aHost")} ·{" "}
              {formatMessageTime(u.createdAt, user?.timezone)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
