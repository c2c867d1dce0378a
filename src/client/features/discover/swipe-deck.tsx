import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { FeedItem } from "@contract/events";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarIcon, RefreshCwIcon, Undo2Icon } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useAuth } from "@/features/auth";
import { refreshAnswered, useRespond, useUndoAnswer } from "@/features/events";
import { asksBeforeJoining, LazyRespondDialog } from "@/features/hosting";
import { text, useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { enqueue, queuedActions, removeQueued } from "@/lib/offline-queue";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { NextCard, SwipeCard } from "./swipe-card";
import { useLeavingCards } from "./use-leaving-cards";
import { useReducedMotion } from "./use-reduced-motion";
import { useRemembered } from "./use-remembered";

interface Answered {
  event: FeedItem;
  status: "going" | "declined";
  /** Settles once the answer is stored, so an undo never races ahead of it. */
  stored: Promise<unknown>;
  /** Answered offline: the queue item, sent on reconnect; undo before then just drops it. */
  queuedKey?: string;
}

export function SwipeDeck({
  events,
  place,
  onRefresh,
}: {
  events: FeedItem[];
  /** The filters this deck shows: coming back to the same ones finds the same card and the same Undo. */
  place: string;
  onRefresh: () => void;
}) {
  const { user } = useAuth();
  const t = useTexts(DISCOVER_TEXTS);
  const queryClient = useQueryClient();
  const respond = useRespond();
  const undoAnswer = useUndoAnswer();
  const reduceMotion = useReducedMotion();
  const [seen, setSeen] = useRemembered<{ cardId: number | null; answered: Answered[] }>(`deck:${place}`, {
    cardId: null,
    answered: [],
  });
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      events.findIndex((e) => e.id === seen.cardId),
    ),
  );
  const [answered, setAnswered] = useState<Answered[]>(seen.answered);
  // A card whose host asks questions (or allows plus-ones) stays while the answer dialog is open.
  const [asking, setAsking] = useState<FeedItem | null>(null);
  // The side the last card left to (1 right, -1 left), handed to its exit animation.
  const [direction, setDirection] = useState(1);
  // The card below rises with the top card's drag, which writes its style directly.
  const nextCardRef = useRef<HTMLDivElement>(null);
  const current = events[index];
  const next = events[index + 1];
  const { leaving, animateEntry, left } = useLeavingCards(current, direction);
  const currentId = current?.id ?? null;
  useEffect(() => setSeen({ cardId: currentId, answered }), [setSeen, currentId, answered]);
  // Toasts rise above the answer buttons and the Undo line, never over them.
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty("--toast-lift", "8.75rem");
    return () => {
      root.style.removeProperty("--toast-lift");
    };
  }, []);

  const answer = useCallback(
    (status: "going" | "declined") => {
      if (!current || !user || asking) return;
      const event = current;
      void native.haptic("light");
      if (status === "going" && asksBeforeJoining(event)) {
        setAsking(event);
        return;
      }
      setDirection(status === "going" ? 1 : -1);
      setIndex((i) => i + 1);
      if (!navigator.onLine) {
        const queued = enqueue(user.id, { kind: "swipe", eventId: event.id, status });
        toast({
          title: text(DISCOVER_TEXTS, "savedOffline"),
          description: text(DISCOVER_TEXTS, "savedOfflineDetail", { title: event.title }),
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
          toast({
            title: text(DISCOVER_TEXTS, "error"),
            description: text(DISCOVER_TEXTS, "answerFailed"),
            variant: "destructive",
          });
          // The card comes back so the answer can be given again; there is nothing to undo.
          setAnswered((list) => list.filter((a) => a.event !== event));
          setIndex((i) => Math.min(i, events.indexOf(event)));
          throw error;
        },
      );
      setAnswered((list) => [...list, { event, status, stored }]);
    },
    [current, user, asking, respond, events, queryClient],
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
      toast({ title: t("error"), description: t("undoFailed"), variant: "destructive" });
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      if (asking) return;
      // Physical sides in every language, as the swipe (see SwipeCard).
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
      {t("undo")}
    </Button>
  );

  if (!current) {
    return (
      <div className="flex flex-col items-center gap-3 py-14 text-center">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <CalendarIcon className="size-7" aria-hidden />
        </div>
        <h2 className="text-lg font-semibold">{t("noMoreEvents")}</h2>
        <p className="max-w-xs text-sm text-muted-foreground">{t("noMoreEventsDetail")}</p>
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
            {t("refresh")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    // As tall as the screen leaves (the Social tab sizes it): the card's text scrolls inside the card.
    <div className="relative flex min-h-0 flex-1 flex-col">
      {answerDialog}
      <div
        className="group/deck grid min-h-0 flex-1 grid-rows-[minmax(0,1fr)]"
        data-testid="deck"
        // Marked on the first touch, without a render: the card below shows its cover from then on (NextCard).
        onPointerDownCapture={(e) => {
          e.currentTarget.dataset.engaged = "";
        }}
      >
        {next && <NextCard key={next.id} ref={nextCardRef} event={next} timezone={user?.timezone} />}
        {/* One list, so the top card keeps its element (and where it was dragged to) as it starts leaving; the
            leaving cards come after it, above it, until they are gone. */}
        {[{ event: current, direction: undefined }, ...leaving].map(({ event, direction: leavingTo }) => (
          <SwipeCard
            key={event.id}
            event={event}
            timezone={user?.timezone}
            onAnswer={answer}
            nextCard={nextCardRef}
            leavingTo={leavingTo}
            onLeft={left}
            animateEntry={animateEntry}
            reduceMotion={reduceMotion}
          />
        ))}
      </div>
      <div className="mt-3 flex min-h-9 shrink-0 items-center justify-between gap-2">
        {/* One line, so the deck above keeps its height: a long title is cut, never the count. */}
        <p className="flex min-w-0 gap-1 text-xs text-muted-foreground" role="status" data-testid="deck-status">
          <span className="truncate" dir="auto">
            {last
              ? t(last.status === "going" ? "answeredGoing" : "answeredPassed", { title: last.event.title })
              : t("swipeHint")}
          </span>
          <span className="shrink-0">{` · ${t("left", { count: events.length - index })}`}</span>
        </p>
        {undoButton}
      </div>
    </div>
  );
}
