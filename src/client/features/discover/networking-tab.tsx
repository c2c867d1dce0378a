import type { FeedItem } from "@contract/events";
import { SEARCH_DEBOUNCE_MS } from "@contract/limits";
import { eventCoordinates, PLACE_TEXTS } from "@contract/places-texts";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarIcon, MapPinIcon, RefreshCwIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { refreshAnswered, useFeed, useRespond } from "@/features/events";
import { asksBeforeJoining, LazyRespondDialog } from "@/features/hosting";
import { formatEventTime } from "@/lib/format-date";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { AvatarStack } from "./event-people";
import { Loading, NoMatches, SearchBox, useFeedParams } from "./feed-states";
import { useDebounced } from "./use-debounced";
import type { Position } from "./use-position";

export function NetworkingTab({ position, positionSettled }: { position: Position | null; positionSettled: boolean }) {
  const { user } = useAuth();
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const params = useFeedParams("networking", "all", q, position, positionSettled);
  const feed = useFeed(params);
  const queryClient = useQueryClient();
  const respond = useRespond();
  const [applied, setApplied] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState<FeedItem | null>(null);

  const apply = (event: FeedItem) => {
    if (!user) return;
    if (asksBeforeJoining(event)) {
      setAsking(event);
      return;
    }
    respond.mutate(
      { eventId: event.id, userId: user.id, status: "pending" },
      {
        onSuccess: () => {
          setApplied((s) => new Set(s).add(event.id));
          toast({
            title: "Application Submitted",
            description: `Your request to join ${event.title} is pending approval.`,
          });
          refreshAnswered(queryClient, event.id);
        },
        onError: () =>
          toast({ title: "Error", description: "Failed to submit your application", variant: "destructive" }),
      },
    );
  };

  const events = feed.data?.events ?? [];
  return (
    <div className="grid gap-3">
      {asking && (
        <Suspense>
          <LazyRespondDialog
            event={asking}
            status="pending"
            done="Application Submitted"
            refresh={refreshAnswered}
            onOpenChange={(open) => !open && setAsking(null)}
            onResponded={() => setApplied((s) => new Set(s).add(asking.id))}
          />
        </Suspense>
      )}
      <div>
        <h2 className="text-lg font-semibold">Networking Events</h2>
        <p className="text-sm text-muted-foreground">Find professional events that match your interests</p>
      </div>
      <SearchBox value={search} onChange={setSearch} placeholder="Search events by title, description, or tags..." />
      {!params || feed.isLoading ? (
        <Loading />
      ) : q && events.length === 0 ? (
        <NoMatches q={q} onClear={() => setSearch("")} />
      ) : events.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-14 text-center">
          <h2 className="text-lg font-semibold">No Networking Events</h2>
          <p className="text-sm text-muted-foreground">There are no networking events to show right now.</p>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden />
            Refresh
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3">
          {events.map((event) => (
            <li
              key={event.id}
              data-testid="networking-card"
              className="grid gap-2 rounded-2xl border border-border bg-card p-4 shadow-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <Link href={`/events/${event.id}`} className="min-w-0 font-semibold hover:underline" dir="auto">
                  {event.title}
                </Link>
                {event.category && (
                  <Badge variant="secondary" className="capitalize">
                    {event.category}
                  </Badge>
                )}
              </div>
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <CalendarIcon className="size-4" aria-hidden />
                {formatEventTime(event.date, event.timezone, user?.timezone)}
              </p>
              {(event.location || !eventCoordinates(event)) && (
                <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
                  <MapPinIcon className="size-4 shrink-0" aria-hidden />
                  {event.location && <span className="truncate">{event.location}</span>}
                  {/* As on the event page, My Events and the swipe cards, a place nobody can find on a map says so. */}
                  {!eventCoordinates(event) && (
                    <span className="shrink-0">
                      {event.location ? `· ${PLACE_TEXTS.notOnMap}` : PLACE_TEXTS.locationNotSet}
                    </span>
                  )}
                </p>
              )}
              <p className="line-clamp-2 text-sm" dir="auto">
                {event.description}
              </p>
              {event.reasons.length > 0 && (
                <p className="text-xs font-medium text-primary">{event.reasons.join(" · ")}</p>
              )}
              <div className="flex items-center justify-between gap-2">
                <div className="flex items-center gap-2 text-xs text-muted-foreground">
                  <AvatarStack attendees={event.attendees} total={event.attendeeCount} />
                  {event.maxAttendees != null && (
                    <span>
                      {event.attendeeCount}/{event.maxAttendees} going
                    </span>
                  )}
                </div>
                {applied.has(event.id) ? (
                  <Badge variant="outline">Pending</Badge>
                ) : (
                  <Button
                    size="sm"
                    aria-label={`Apply to ${event.title}`}
                    onClick={() => apply(event)}
                    disabled={respond.isPending}
                  >
                    Apply
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
