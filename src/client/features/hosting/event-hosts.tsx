import type { EventDetail, FeedItem } from "@contract/events";
import { HOSTING_GUEST_TEXTS } from "@contract/hosting-texts";
import { UsersRoundIcon } from "lucide-react";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";

// Apart from the guest section: the deck's cards name their hosts without the ticket's dialog and QR code.

/** The co-hosts under "Hosted by" (the host's own card is the event page's). */
export function CohostNames({ event }: { event: EventDetail }) {
  const t = useTexts(HOSTING_GUEST_TEXTS);
  if (event.cohosts.length === 0) return null;
  return (
    <p className="-mt-2 text-sm text-muted-foreground" data-testid="cohosts">
      {t("cohostedBy")}{" "}
      {event.cohosts.map((c, i) => (
        <span key={c.id}>
          {i > 0 && t("separator")}
          <Link href={`/users/${c.id}`} className="font-medium text-foreground hover:underline" dir="auto">
            {c.fullName}
          </Link>
        </span>
      ))}
    </p>
  );
}

/** The deck card's hosts line: who is hosting, co-hosts included. */
export function CardHosts({ event }: { event: Pick<FeedItem, "host" | "cohosts"> }) {
  const t = useTexts(HOSTING_GUEST_TEXTS);
  const names = [event.host?.fullName, ...event.cohosts.map((c) => c.fullName)].filter(Boolean);
  if (names.length === 0) return null;
  return (
    <p className="flex items-center gap-2" data-testid="card-hosts">
      <UsersRoundIcon className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0">{t("hostedBy", { names: names.join(t("separator")) })}</span>
    </p>
  );
}
