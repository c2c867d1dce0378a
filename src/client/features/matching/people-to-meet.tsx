import type { EventDetail } from "@contract/events";
import { PEOPLE_TO_MEET_TEXTS } from "@contract/matching-texts";
import { HandshakeIcon } from "lucide-react";
import { useTexts } from "@/lib/i18n";
import { useOptIn } from "./api";
import { OptIn } from "./opt-in";
import { Suggestions } from "./suggestions";
import { YourMeetings } from "./your-meetings";

/**
 * The event page's People to meet, for someone going to an event with matchmaking on: the opt-in with one's
 * phrases, then the suggestions (once opted in) and one's meetings, the agenda kept for offline use.
 */
export function PeopleToMeet({ event, viewerId }: { event: EventDetail; viewerId: number }) {
  const t = useTexts(PEOPLE_TO_MEET_TEXTS);
  const optIn = useOptIn(event.id);
  return (
    <section
      id="people-to-meet"
      aria-labelledby="people-to-meet-h"
      className="grid gap-4 rounded-xl border border-border p-3"
      data-testid="people-to-meet"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
          <HandshakeIcon className="size-4" aria-hidden />
        </div>
        <div className="min-w-0">
          <h2 id="people-to-meet-h" className="text-sm font-semibold">
            {t("title")}
          </h2>
          <p className="text-xs text-muted-foreground">{t("intro")}</p>
        </div>
      </div>
      <OptIn eventId={event.id} />
      {optIn.data?.visible && <Suggestions eventId={event.id} timezone={event.timezone} />}
      <YourMeetings eventId={event.id} timezone={event.timezone} viewerId={viewerId} />
    </section>
  );
}
