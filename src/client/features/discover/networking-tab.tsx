import { INDUSTRY_TEXTS } from "@contract/discover-categories";
import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { FeedItem } from "@contract/events";
import { SEARCH_DEBOUNCE_MS } from "@contract/limits";
import { eventCoordinates, PLACE_TEXTS } from "@contract/places-texts";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarIcon, MapPinIcon, RefreshCwIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { refreshAnswered, useRespond } from "@/features/events";
import { asksBeforeJoining, LazyRespondDialog } from "@/features/hosting";
import { formatEventTime } from "@/lib/format-event-time";
import { text, useTexts } from "@/lib/i18n";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { AvatarStack, useReasonText } from "./event-people";
import { useFeed } from "./feed";
import { Loading, NoMatches, SearchBox, useFeedParams } from "./feed-states";
import { useDebounced } from "./use-debounced";
import type { Position } from "./use-position";

export function NetworkingTab({ position, positionSettled }: { position: Position | null; positionSettled: boolean }) {
  const { user } = useAuth();
  const t = useTexts(DISCOVER_TEXTS);
  const place = useTexts(PLACE_TEXTS);
  const industry = useTexts(INDUSTRY_TEXTS);
  const reasonText = useReasonText();
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
            title: text(DISCOVER_TEXTS, "applicationSubmitted"),
            description: text(DISCOVER_TEXTS, "applicationPending", { title: event.title }),
          });
          refreshAnswered(queryClient, event.id);
        },
        onError: () =>
          toast({
            title: text(DISCOVER_TEXTS, "error"),
            description: text(DISCOVER_TEXTS, "applyFailed"),
            variant: "destructive",
          }),
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
            done={t("applicationSubmitted")}
            refresh={refreshAnswered}
            onOpenChange={(open) => !open && setAsking(null)}
            onResponded={() => setApplied((s) => new Set(s).add(asking.id))}
          />
        </Suspense>
      )}
      <div>
        <h2 className="text-lg font-semibold">{t("networkingEvents")}</h2>
        <p className="text-sm text-muted-foreground">{t("networkingDetail")}</p>
      </div>
      <SearchBox value={search} onChange={setSearch} placeholder={t("searchNetworking")} />
      {!params || feed.isLoading ? (
        <Loading />
      ) : q && events.length === 0 ? (
        <NoMatches q={q} onClear={() => setSearch("")} />
      ) : events.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-14 text-center">
          <h2 className="text-lg font-semibold">{t("noNetworking")}</h2>
          <p className="text-sm text-muted-foreground">{t("noNetworkingDetail")}</p>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden />
            {t("refresh")}
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
                    {event.category in INDUSTRY_TEXTS
                      ? industry(event.category as keyof typeof INDUSTRY_TEXTS)
                      : event.category}
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
                  {event.location && (
                    <span className="truncate" dir="auto">
                      {event.location}
                    </span>
                  )}
                  {/* As on the event page, My Events and the swipe cards, a place nobody can find on a map says so. */}
                  {!eventCoordinates(event) && (
                    <span className="shrink-0">
                      {event.location ? `· ${place("notOnMap")}` : place("locationNotSet")}
                    </span>
                  )}
                </p>
              )}
              <p className="line-clamp-2 text-sm" dir="auto">
                {event.description}
              </p>
              {event.reasons.length > 0 && (
                <p className="text-xs font-medium text-primary">{event.reasons.map(reasonText).join(" · ")}</p>
              )}
              <div className="flex items-center justify-between gap-2">
                <div className="flex items-center gap-2 text-xs text-muted-foreground">
                  <AvatarStack attendees={event.attendees} total={event.attendeeCount} />
                  {event.maxAttendees != null && (
                    <span>{t("capacity", { count: event.attendeeCount, max: event.maxAttendees })}</span>
                  )}
                </div>
                {applied.has(event.id) ? (
                  <Badge variant="outline">{t("pending")}</Badge>
                ) : (
                  <Button
                    size="sm"
                    aria-label={t("applyTo", { title: event.title })}
                    onClick={() => apply(event)}
                    disabled={respond.isPending}
                  >
                    {t("apply")}
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
