import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { FeedItem } from "@contract/events";
import { eventCoordinates, PLACE_TEXTS } from "@contract/places-texts";
import { CalendarIcon, CheckIcon, MapPinIcon, SparklesIcon, UsersIcon, XIcon } from "lucide-react";
import { type ReactNode, type Ref, type RefObject, useLayoutEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { EventCover, useDistanceText } from "@/features/events";
import { CardHosts, SeriesLabel } from "@/features/hosting";
import { formatEventTime } from "@/lib/format-event-time";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { CardMotion, nextCardTransform } from "./card-motion";
import { AvatarStack, friendsGoingText, useReasonText } from "./event-people";
import { useCardDrag } from "./use-card-drag";

const cardClass =
  "relative flex h-full min-h-0 w-full flex-col overflow-hidden rounded-3xl border border-border bg-card select-none [grid-area:1/1]";

function CardBody({
  event,
  timezone,
  stamps,
  onAnswer,
  priority = false,
  coverClassName,
}: {
  event: FeedItem;
  timezone: string | undefined;
  stamps?: ReactNode;
  /** The top card's cover is the screen's largest paint: fetched first (the card below it waits). */
  priority?: boolean;
  coverClassName?: string;
  onAnswer?: (status: "going" | "declined") => void;
}) {
  const t = useTexts(DISCOVER_TEXTS);
  const place = useTexts(PLACE_TEXTS);
  const distanceText = useDistanceText();
  const reasonText = useReasonText();
  // The line under the avatars already says how many friends go; the reasons do not repeat it.
  const reasons = event.reasons.filter((r) => r !== friendsGoingText(event.friendsGoing));
  const href = `/events/${event.id}`;
  return (
    <>
      {/* The cover gives up height first on a tall card, so the answer buttons never leave the card. */}
      <Link
        href={href}
        tabIndex={-1}
        aria-hidden
        draggable={false}
        data-testid="card-cover"
        className="relative block min-h-24 flex-[0_2_11rem] overflow-hidden"
      >
        <EventCover event={event} priority={priority} className={coverClassName} />
        {stamps}
      </Link>
      <div
        className="flex min-h-0 flex-[1_1_auto] flex-col gap-3 overflow-y-auto px-4 pt-4 pb-3 *:shrink-0"
        data-testid="card-text"
      >
        <h2 className="text-xl leading-tight font-semibold" dir="auto">
          <Link href={href} draggable={false} className="hover:underline">
            {event.title}
          </Link>
        </h2>
        <div className="grid gap-1 text-sm text-muted-foreground">
          <p className="flex items-center gap-2" data-testid="card-time">
            <CalendarIcon className="size-4 shrink-0" aria-hidden />
            {formatEventTime(event.date, event.timezone, timezone)}
          </p>
          <SeriesLabel event={event} />
          <CardHosts event={event} />
          {(event.location || event.distanceKm != null || !eventCoordinates(event)) && (
            <p className="flex items-start gap-2" data-testid="card-place">
              <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {/* A long place wraps to a second line and ends there with an ellipsis, whole lines only. */}
              {event.location && (
                <span className="line-clamp-2 min-w-0 wrap-break-word" dir="auto" data-testid="card-place-name">
                  {event.location}
                </span>
              )}
              {event.distanceKm != null && (
                <span className="shrink-0">
                  {event.location ? "· " : ""}
                  {distanceText(event.distanceKm)}
                </span>
              )}
              {/* An event without coordinates says so (it is left out of radius feeds). */}
              {!eventCoordinates(event) && (
                <span className="shrink-0">{event.location ? `· ${place("notOnMap")}` : place("locationNotSet")}</span>
              )}
            </p>
          )}
        </div>
        {event.description && (
          <Link
            href={href}
            tabIndex={-1}
            draggable={false}
            className="line-clamp-3 text-sm text-foreground"
            dir="auto"
            data-testid="card-description"
          >
            {event.description}
          </Link>
        )}
        {reasons.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("whyThisEvent")}>
            {reasons.map((r) => (
              <li
                key={r}
                className="flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-medium text-primary"
              >
                <SparklesIcon className="size-3" aria-hidden />
                {reasonText(r)}
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <AvatarStack attendees={event.attendees} total={event.attendeeCount} />
            {event.friendsGoing > 0 && (
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <UsersIcon className="size-3.5" aria-hidden />
                {t("friendsGoing", { count: event.friendsGoing })}
              </span>
            )}
          </div>
          <Link href={`/users/${event.hostId}`} className="text-sm font-medium text-primary hover:underline">
            {t("viewProfile")}
          </Link>
        </div>
      </div>
      {/* Outside the scrolling text: whatever the card holds, the answer stays one tap away. Pass on the left and
          Going on the right in every language (dir="ltr"), the sides the card is swiped to (see SwipeCard). */}
      <div className="flex shrink-0 justify-center gap-8 border-t border-border/60 px-4 py-3" dir="ltr">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={t("decline")}
          className="size-14 rounded-full border-rose-300 text-rose-600 hover:bg-rose-50 dark:text-rose-400 dark:hover:bg-rose-950 [&_svg]:size-6"
          onClick={() => onAnswer?.("declined")}
        >
          <XIcon />
        </Button>
        <Button
          type="button"
          size="icon"
          aria-label={t("going")}
          className="size-14 rounded-full bg-emerald-600 text-white hover:bg-emerald-700 [&_svg]:size-6"
          onClick={() => onAnswer?.("going")}
        >
          <CheckIcon />
        </Button>
      </div>
    </>
  );
}

/**
 * The next card, stacked below the top one in the same grid cell (so it has the same height):
 * smaller and lower, it rises to full size as the top card is dragged towards an answer (the top card's drag
 * writes its transform through `ref`).
 * Not draggable, not focusable, hidden from assistive technology.
 */
export function NextCard({
  event,
  timezone,
  ref,
}: {
  event: FeedItem;
  timezone: string | undefined;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      data-testid="next-card"
      aria-hidden
      inert
      className={`${cardClass} pointer-events-none shadow-md`}
      style={{ transform: nextCardTransform(0) }}
    >
      {/* Until the deck is first touched, the top card at rest hides this cover whole: not drawn, it cannot pass
          for the screen's largest paint (a shorter text leaves it taller than the top card's own cover). */}
      <CardBody event={event} timezone={timezone} coverClassName="opacity-0 group-data-engaged/deck:opacity-100" />
    </div>
  );
}

export function SwipeCard({
  event,
  timezone,
  onAnswer,
  nextCard,
  leavingTo,
  onLeft,
  animateEntry = false,
  reduceMotion = false,
}: {
  event: FeedItem;
  timezone: string | undefined;
  onAnswer: (status: "going" | "declined") => void;
  /** The card below, which rises as this one is dragged towards an answer. */
  nextCard?: RefObject<HTMLElement | null>;
  /** Answered: the side it leaves to (1 right, -1 left, 0 where it stands); it takes no taps meanwhile. */
  leavingTo?: number;
  /** Its exit animation ended: the deck can let it go. */
  onLeft?: (eventId: number) => void;
  /** It took the place of a card answered or undone: it finishes rising into place (or fades in). */
  animateEntry?: boolean;
  reduceMotion?: boolean;
}) {
  const card = useRef<HTMLElement>(null);
  const goingStamp = useRef<HTMLSpanElement>(null);
  const passStamp = useRef<HTMLSpanElement>(null);
  const noCardBelow = useRef<HTMLElement>(null);
  const [motion] = useState(() => new CardMotion({ card, goingStamp, passStamp, next: nextCard ?? noCardBelow }));
  useLayoutEffect(() => {
    motion.reduceMotion = reduceMotion;
  }, [motion, reduceMotion]);
  // Read once: only the card that arrived on top enters, and only then.
  const entering = useRef(animateEntry);
  useLayoutEffect(() => {
    if (entering.current) motion.enter();
  }, [motion]);
  // A card flying out is no longer the deck's card: it takes no taps and tests never find two.
  const leaving = leavingTo !== undefined;
  useLayoutEffect(() => {
    if (leavingTo === undefined) return;
    let current = true;
    void motion.leave(leavingTo).then((gone) => {
      if (gone && current) onLeft?.(event.id);
    });
    return () => {
      current = false;
      motion.restore();
    };
  }, [motion, leavingTo, onLeft, event.id]);
  // In every language, right to left included, a drag to the right is Going and to the left is Pass: the
  // deck's gesture is a physical one (Tinder, Bumble and Luma's own cards keep it in Arabic and Hebrew), the
  // arrow keys follow the same sides, and mirroring it would make one muscle memory mean two things for
  // people who switch languages. The stamps and the buttons say in words what each side does.
  const { onPointerDown, onClickCapture } = useCardDrag(motion, onAnswer);

  const t = useTexts(DISCOVER_TEXTS);
  return (
    <article
      ref={card}
      data-testid={leaving ? "leaving-card" : "swipe-card"}
      data-event-id={event.id}
      // Inert, not only hidden from assistive technology: its buttons must not stay in the tab order.
      inert={leaving || undefined}
      className={`${cardClass} z-10 cursor-grab touch-pan-y shadow-lg will-change-transform active:cursor-grabbing ${leaving ? "pointer-events-none" : ""}`}
      onPointerDown={onPointerDown}
      onClickCapture={onClickCapture}
    >
      <CardBody
        event={event}
        timezone={timezone}
        priority
        onAnswer={onAnswer}
        stamps={
          <>
            {/* Physical sides on purpose: each stamp shows on the side the card is dragged away from. */}
            <span
              ref={goingStamp}
              style={{ opacity: 0 }}
              className="absolute top-4 left-4 rotate-[-8deg] rounded-lg border-2 border-emerald-400 bg-black/50 px-3 py-1 text-lg font-bold text-emerald-300"
            >
              {t("stampGoing")}
            </span>
            <span
              ref={passStamp}
              style={{ opacity: 0 }}
              className="absolute top-4 right-4 rotate-[8deg] rounded-lg border-2 border-rose-400 bg-black/50 px-3 py-1 text-lg font-bold text-rose-300"
            >
              {t("stampPass")}
            </span>
          </>
        }
      />
    </article>
  );
}
