import type { EventDetail, FeedItem } from "@contract/events";
import { formatDoorCode, HOSTING_TEXTS } from "@contract/hosting-texts";
import { BadgeCheckIcon, MaximizeIcon, MegaphoneIcon, TicketIcon, UsersRoundIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { formatMessageTime, formatTime } from "@/lib/format-date";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog";
import { toast } from "@/ui/use-toast";
import { useConfirmSeat, useTicket, useUpdates } from "./api";
import { qrDataUrl } from "./qr";

/** The co-hosts under "Hosted by" (the host's own card is the event page's). */
export function CohostNames({ event }: { event: EventDetail }) {
  if (event.cohosts.length === 0) return null;
  return (
    <p className="-mt-2 text-sm text-muted-foreground" data-testid="cohosts">
      Co-hosted by{" "}
      {event.cohosts.map((c, i) => (
        <span key={c.id}>
          {i > 0 && ", "}
          <Link href={`/users/${c.id}`} className="font-medium text-foreground hover:underline">
            {c.fullName}
          </Link>
        </span>
      ))}
    </p>
  );
}

/** The deck card's hosts line: who is hosting, co-hosts included. */
export function CardHosts({ event }: { event: Pick<FeedItem, "host" | "cohosts"> }) {
  const names = [event.host?.fullName, ...event.cohosts.map((c) => c.fullName)].filter(Boolean);
  if (names.length === 0) return null;
  return (
    <p className="flex items-center gap-2" data-testid="card-hosts">
      <UsersRoundIcon className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0" dir="auto">
        Hosted by {names.join(", ")}
      </span>
    </p>
  );
}

/** What a guest has on the event page: "You were there", their ticket's QR code, and the hosts' updates. */
export function GuestSection({ event }: { event: EventDetail }) {
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
          {HOSTING_TEXTS.youWereThere}
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
  const confirm = useConfirmSeat(eventId);
  const { user } = useAuth();
  const time = formatTime(until, user?.timezone);
  return (
    <section className="grid gap-2 rounded-xl border border-primary p-3" data-testid="seat-offer">
      <p className="text-sm font-medium">A spot opened up for you. Confirm by {time} to keep it.</p>
      <Button
        className="justify-self-start"
        disabled={confirm.isPending}
        onClick={() =>
          confirm.mutate(undefined, {
            onSuccess: () => toast({ title: "Spot confirmed", description: "See you there!" }),
            onError: (error) =>
              toast({
                title: "Error",
                description: errorMessage(error) ?? "Failed to confirm",
                variant: "destructive",
              }),
          })
        }
      >
        Confirm my spot
      </Button>
    </section>
  );
}

/**
 * The going guest's ticket: the QR code a host scans and, under it, the short code a host can type. "Show
 * ticket" opens it full screen, above the header and the bottom bar, so a scan or a photo gets the whole code.
 */
function Ticket({ eventId, title }: { eventId: number; title: string }) {
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
          alt="Your ticket's QR code"
          className={`${size} rounded-lg bg-white`}
          data-testid={testId}
          data-code={code}
        />
        <p className="text-xs text-muted-foreground">Or give this code at the door</p>
        <p className="font-mono text-2xl font-semibold tracking-widest" data-testid="door-code">
          {formatDoorCode(ticket.data.doorCode)}
        </p>
      </>
    ) : ticket.isError ? (
      <p className="text-sm text-muted-foreground">Your ticket could not be loaded. Try again when online.</p>
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
        Your ticket
      </h2>
      {face("size-48", "ticket-qr")}
      <p className="text-xs text-muted-foreground">Show this at the door; it works offline too.</p>
      {image && (
        <Button variant="outline" size="sm" onClick={() => setFullScreen(true)}>
          <MaximizeIcon aria-hidden />
          Show ticket
        </Button>
      )}
      <Dialog open={fullScreen} onOpenChange={setFullScreen}>
        <DialogContent className="justify-items-center">
          <DialogHeader>
            <DialogTitle>Your ticket</DialogTitle>
            <DialogDescription>{title}</DialogDescription>
          </DialogHeader>
          {face("size-64", "ticket-qr-full")}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function Updates({ eventId }: { eventId: number }) {
  const { user } = useAuth();
  const updates = useUpdates(eventId, true);
  const list = updates.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby="updates-h" data-testid="event-updates">
      <h2 id="updates-h" className="flex items-center gap-2 text-sm font-semibold">
        <MegaphoneIcon className="size-4" aria-hidden />
        Updates from the hosts
      </h2>
      <ul className="grid gap-2">
        {list.map((u) => (
          <li key={u.id} className="rounded-lg bg-muted/50 p-3 text-sm">
            <p className="whitespace-pre-line">{u.message}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {u.author?.fullName ?? "A host"} · {formatMessageTime(u.createdAt, user?.timezone)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
