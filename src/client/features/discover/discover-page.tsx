import type { CategoryId } from "@contract/categories";
import { CATEGORIES } from "@contract/discover-categories";
import type { FeedItem, FreeWindow } from "@contract/events";
import { DISCOVER_RADIUS_KM, SEARCH_DEBOUNCE_MS } from "@contract/limits";
import { eventCoordinates, PLACE_TEXTS } from "@contract/places-texts";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarIcon, MapPinIcon, NavigationIcon, RefreshCwIcon, SearchIcon, Undo2Icon, XIcon } from "lucide-react";
import { AnimatePresence, LazyMotion, useMotionValue, useReducedMotion } from "motion/react";
import { Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { type FeedParams, refreshAnswered, useFeed, useRespond, useUndoAnswer } from "@/features/events";
import { asksBeforeJoining, LazyRespondDialog, preloadRespondDialog } from "@/features/hosting";
import { formatEventTime } from "@/lib/format-date";
import { native } from "@/lib/native";
import { enqueue, queuedActions, removeQueued } from "@/lib/offline-queue";
import { cn } from "@/lib/utils";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Spinner } from "@/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { toast } from "@/ui/use-toast";
import { AvatarStack } from "./event-people";
import { FreeFilter, NothingFree } from "./free-filter";
import { NextCard, SwipeCard } from "./swipe-card";

import { useDebounced } from "./use-debounced";

type Position = { latitude: number; longitude: number };

// The deck paints with motion's light components; drag and animations (~40 KB gz) load right after.
const loadMotionFeatures = () => import("./motion-features").then((module) => module.default);

/** Location comes from the native bridge; a failure is only logged and lists load without it. */
function usePosition() {
  const [position, setPosition] = useState<Position | null>(null);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let alive = true;
    native
      .getPosition()
      .then((p) => alive && setPosition({ latitude: p.latitude, longitude: p.longitude }))
      .catch((error: unknown) => console.log("Location unavailable:", error instanceof Error ? error.message : error))
      .finally(() => alive && setSettled(true));
    return () => {
      alive = false;
    };
  }, []);
  return { position, settled };
}

/** Explore, the Discover screen: the Social swipe deck and the Networking list. */
export function DiscoverPage() {
  // The answer dialog opens only for events that ask something: it loads after the deck, when idle.
  useEffect(preloadRespondDialog, []);
  const [tab, setTab] = useState("social");
  const { position, settled } = usePosition();
  return (
    <section className="px-4 pt-4">
      <Tabs value={tab} onValueChange={setTab}>
        <div className="flex items-center gap-2">
          <TabsList className="flex-1">
            <TabsTrigger value="social">Social</TabsTrigger>
            <TabsTrigger value="networking">Networking</TabsTrigger>
          </TabsList>
          <Button asChild variant="outline" size="sm" className="h-10">
            <Link href="/nearby">
              <NavigationIcon aria-hidden />
              Nearby
            </Link>
          </Button>
        </div>
        <TabsContent value="social">
          <SocialTab position={position} positionSettled={settled} />
        </TabsContent>
        <TabsContent value="networking">
          <NetworkingTab position={position} positionSettled={settled} />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
}) {
  return (
    <div className="relative flex items-center">
      <SearchIcon className="pointer-events-none absolute left-3 size-4 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        // The longest search placeholder fits a 390 px screen: room for Clear only once there is text to clear.
        className={cn("pl-9 placeholder:text-sm [&::-webkit-search-cancel-button]:hidden", value ? "pr-20" : "pr-2")}
      />
      {value && (
        <Button type="button" variant="ghost" size="sm" className="absolute right-1" onClick={() => onChange("")}>
          <XIcon aria-hidden />
          Clear
        </Button>
      )}
    </div>
  );
}

function Loading() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" role="status">
      <Spinner className="size-8 text-primary" />
      <p className="font-semibold">Loading Events...</p>
      <p className="text-sm text-muted-foreground">Finding events near you...</p>
    </div>
  );
}

function useFeedParams(
  type: "social" | "networking",
  filter: CategoryId,
  q: string,
  position: Position | null,
  ready: boolean,
  free: FreeWindow | null = null,
) {
  const { user } = useAuth();
  return user && ready ? ({ userId: user.id, type, filter, q, position, free } satisfies FeedParams) : null;
}

function SocialTab({ position, positionSettled }: { position: Position | null; positionSettled: boolean }) {
  const [filter, setFilter] = useState<CategoryId>("all");
  const [free, setFree] = useState<FreeWindow | null>(null);
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const params = useFeedParams("social", filter, q, position, positionSettled, free);
  const feed = useFeed(params);
  const counts = feed.data?.counts;

  return (
    <div className="grid gap-3">
      <SearchBox value={search} onChange={setSearch} placeholder="Search social events..." />
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1" role="toolbar" aria-label="Categories">
        {CATEGORIES.map((c) => (
          <button
            key={c.id}
            type="button"
            data-testid={`chip-${c.id}`}
            aria-pressed={filter === c.id}
            onClick={() => setFilter(c.id)}
            className={cn(
              "flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors",
              filter === c.id
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background hover:bg-accent",
            )}
          >
            {c.label}
            <span
              data-testid="chip-count"
              // The active count is a light pill with brand text: 4.5:1 in both themes (axe).
              className={cn(
                "rounded-full px-1.5 text-xs",
                filter === c.id ? "bg-primary-foreground font-semibold text-primary" : "bg-muted",
              )}
            >
              {counts?.[c.id] ?? 0}
            </span>
          </button>
        ))}
      </div>
      <FreeFilter value={free} onChange={setFree} />
      {position && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <MapPinIcon className="size-3.5" aria-hidden />
          Events within {DISCOVER_RADIUS_KM}km of your location
        </p>
      )}
      {!params || feed.isLoading ? (
        <Loading />
      ) : free && feed.data?.events.length === 0 ? (
        <NothingFree onClear={() => setFree(null)} />
      ) : q && feed.data?.events.length === 0 ? (
        <NoMatches q={q} onClear={() => setSearch("")} />
      ) : (
        // A new key per tab/category/search: the deck starts again from its first card.
        <SwipeDeck
          key={`${filter}|${q}|${free}|${feed.dataUpdatedAt}`}
          events={feed.data?.events ?? []}
          onRefresh={() => feed.refetch()}
        />
      )}
    </div>
  );
}

interface Answered {
  event: FeedItem;
  status: "going" | "declined";
  /** Settles once the answer is stored, so an undo never races ahead of it. */
  stored: Promise<unknown>;
  /** Answered offline: the queue item, sent on reconnect; undo before then just drops it. */
  queuedKey?: string;
}

function SwipeDeck({ events, onRefresh }: { events: FeedItem[]; onRefresh: () => void }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const respond = useRespond();
  const undoAnswer = useUndoAnswer();
  const reduceMotion = useReducedMotion() ?? false;
  const [index, setIndex] = useState(0);
  const [answered, setAnswered] = useState<Answered[]>([]);
  // A card whose host asks questions (or allows plus-ones) stays while the answer dialog is open.
  const [asking, setAsking] = useState<FeedItem | null>(null);
  // The side the last card left to (1 right, -1 left), handed to its exit animation.
  const [direction, setDirection] = useState(1);
  const dragProgress = useMotionValue(0);
  const current = events[index];
  const next = events[index + 1];

  const answer = useCallback(
    (status: "going" | "declined") => {
      if (!current || !user || asking) return;
      const event = current;
      void native.haptic("light");
      if (status === "going" && asksBeforeJoining(event)) {
        dragProgress.set(0);
        setAsking(event);
        return;
      }
      setDirection(status === "going" ? 1 : -1);
      setIndex((i) => i + 1);
      dragProgress.set(0);
      if (!navigator.onLine) {
        const queued = enqueue(user.id, { kind: "swipe", eventId: event.id, status });
        toast({
          title: "Saved offline",
          description: `Your answer to ${event.title} will be sent when you're back online`,
        });
        setAnswered((list) => [...list, { event, status, stored: Promise.resolve(), queuedKey: queued.key }]);
        return;
      }
      // The leaving card and the line under the deck say what was answered; a toast after every swipe
      // only covered the screen someone is busy with.
      const stored = respond.mutateAsync({ eventId: event.id, userId: user.id, status }).then(
        () => {
          // My Events and event pages change; the deck keeps its order until it is refreshed.
          refreshAnswered(queryClient, event.id);
        },
        (error: unknown) => {
          toast({ title: "Error", description: "Failed to update your response", variant: "destructive" });
          // The card comes back so the answer can be given again; there is nothing to undo.
          setAnswered((list) => list.filter((a) => a.event !== event));
          setIndex((i) => Math.min(i, events.indexOf(event)));
          throw error;
        },
      );
      setAnswered((list) => [...list, { event, status, stored }]);
    },
    [current, user, asking, respond, events, dragProgress, queryClient],
  );

  /** The dialog stored the answer with what the host asked: the card leaves as a swipe's would. */
  const respondedWithAnswers = (event: FeedItem) => {
    setDirection(1);
    setIndex((i) => (events[i] === event ? i + 1 : i));
    setAnswered((list) => [...list, { event, status: "going", stored: Promise.resolve() }]);
  };
  const answerDialog = asking && (
    <Suspense>
      <LazyRespondDialog
        event={asking}
        status="going"
        refresh={refreshAnswered}
        onOpenChange={(open) => !open && setAsking(null)}
        onResponded={() => respondedWithAnswers(asking)}
      />
    </Suspense>
  );

  const undo = async () => {
    const last = answered.at(-1);
    if (!last) return;
    setAnswered((list) => list.slice(0, -1));
    void native.haptic("light");
    if (last.queuedKey && queuedActions(user?.id ?? 0).some((a) => a.key === last.queuedKey)) {
      removeQueued(last.queuedKey);
      setDirection(0);
      setIndex(events.indexOf(last.event));
      return;
    }
    try {
      await last.stored;
    } catch {
      return; // The answer never stored; its card is already back.
    }
    try {
      await undoAnswer.mutateAsync(last.event.id);
      setDirection(0);
      setIndex(events.indexOf(last.event));
      refreshAnswered(queryClient, last.event.id);
    } catch {
      setAnswered((list) => [...list, last]);
      toast({ title: "Error", description: "Could not undo your last swipe", variant: "destructive" });
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      if (asking) return;
      if (e.key === "ArrowRight") answer("going");
      else if (e.key === "ArrowLeft") answer("declined");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [answer, asking]);

  const last = answered.at(-1);
  const undoButton = answered.length > 0 && (
    <Button type="button" variant="outline" size="sm" onClick={() => void undo()} disabled={undoAnswer.isPending}>
      <Undo2Icon aria-hidden />
      Undo
    </Button>
  );

  if (!current) {
    return (
      <div className="flex flex-col items-center gap-3 py-14 text-center">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <CalendarIcon className="size-7" aria-hidden />
        </div>
        <h2 className="text-lg font-semibold">No More Events</h2>
        <p className="max-w-xs text-sm text-muted-foreground">
          You've seen all available events in your area. Check back later for new events!
        </p>
        <div className="flex gap-2">
          {undoButton}
          <Button
            variant="outline"
            onClick={() => {
              setIndex(0);
              onRefresh();
            }}
          >
            <RefreshCwIcon aria-hidden />
            Refresh
          </Button>
        </div>
      </div>
    );
  }
  return (
    // The bottom margin keeps the hint line clear of the bottom bar's raised add button.
    <div className="relative mb-6 pb-2">
      {answerDialog}
      <LazyMotion features={loadMotionFeatures} strict>
        <div className="grid" data-testid="deck">
          {next && <NextCard key={next.id} event={next} timezone={user?.timezone} progress={dragProgress} />}
          <AnimatePresence initial={false} custom={direction}>
            <SwipeCard
              key={current.id}
              event={current}
              timezone={user?.timezone}
              onAnswer={answer}
              onDragProgress={(p) => dragProgress.set(p)}
              reduceMotion={reduceMotion}
            />
          </AnimatePresence>
        </div>
      </LazyMotion>
      <div className="mt-4 flex min-h-9 items-center justify-between gap-2">
        <p className="min-w-0 text-xs text-muted-foreground" role="status" data-testid="deck-status">
          {last ? (
            <span dir="auto">
              {last.status === "going" ? `Going: ${last.event.title}` : `Passed: ${last.event.title}`}
            </span>
          ) : (
            "Swipe right to go, left to pass"
          )}{" "}
          · {events.length - index} left
        </p>
        {undoButton}
      </div>
    </div>
  );
}

/** A search that found nothing says so and offers to clear it, instead of "No More Events". */
function NoMatches({ q, onClear }: { q: string; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-14 text-center" data-testid="no-matches">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <SearchIcon className="size-7" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold break-all">No events match "{q}"</h2>
      <p className="max-w-xs text-sm text-muted-foreground">
        Try another word, or clear the search to see every event.
      </p>
      <Button variant="outline" onClick={onClear}>
        <XIcon aria-hidden />
        Clear search
      </Button>
    </div>
  );
}

function NetworkingTab({ position, positionSettled }: { position: Position | null; positionSettled: boolean }) {
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
