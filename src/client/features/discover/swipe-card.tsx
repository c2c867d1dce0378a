import type { FeedItem } from "@contract/events";
import { SWIPE_THRESHOLD_PX } from "@contract/limits";
import { CalendarIcon, CheckIcon, MapPinIcon, SparklesIcon, UsersIcon, XIcon } from "lucide-react";
import { motion, type PanInfo, useMotionValue, useTransform } from "motion/react";
import { Link } from "wouter";
import { formatEventDateTime } from "@/lib/format-date";
import { Button } from "@/ui/button";
import { AvatarStack, friendsGoingText } from "./event-people";

/** Gradients for events without an image, picked by id so a card keeps its colour. */
const GRADIENTS = [
  "from-fuchsia-500 to-indigo-600",
  "from-orange-400 to-rose-600",
  "from-emerald-400 to-cyan-600",
  "from-sky-400 to-violet-600",
  "from-amber-300 to-orange-600",
];

export function SwipeCard({
  event,
  timezone,
  onAnswer,
}: {
  event: FeedItem;
  timezone: string | undefined;
  onAnswer: (status: "going" | "declined") => void;
}) {
  const x = useMotionValue(0);
  const rotate = useTransform(x, [-300, 300], [-12, 12]);
  const goingOpacity = useTransform(x, [0, SWIPE_THRESHOLD_PX], [0, 1]);
  const declineOpacity = useTransform(x, [-SWIPE_THRESHOLD_PX, 0], [1, 0]);

  // Spec 01 §4: only a drag past 150 px answers; anything shorter springs back (dragSnapToOrigin).
  const onDragEnd = (_: unknown, info: PanInfo) => {
    if (info.offset.x > SWIPE_THRESHOLD_PX) onAnswer("going");
    else if (info.offset.x < -SWIPE_THRESHOLD_PX) onAnswer("declined");
  };

  return (
    <motion.article
      data-testid="swipe-card"
      data-event-id={event.id}
      className="relative w-full cursor-grab touch-pan-y overflow-hidden rounded-3xl border border-border bg-card shadow-lg select-none active:cursor-grabbing"
      style={{ x, rotate }}
      drag="x"
      dragSnapToOrigin
      dragElastic={0.9}
      dragTransition={{ bounceStiffness: 400, bounceDamping: 30 }}
      onDragEnd={onDragEnd}
      initial={{ scale: 0.96, opacity: 0 }}
      animate={{ scale: 1, opacity: 1 }}
    >
      <div className="relative h-44">
        {event.imageUrl ? (
          <img src={event.imageUrl} alt="" className="size-full object-cover" draggable={false} />
        ) : (
          <div className={`size-full bg-gradient-to-br ${GRADIENTS[event.id % GRADIENTS.length]}`} />
        )}
        <motion.span
          style={{ opacity: goingOpacity }}
          className="absolute top-4 left-4 rotate-[-8deg] rounded-lg border-2 border-emerald-400 bg-black/30 px-3 py-1 text-lg font-bold text-emerald-300"
        >
          GOING
        </motion.span>
        <motion.span
          style={{ opacity: declineOpacity }}
          className="absolute top-4 right-4 rotate-[8deg] rounded-lg border-2 border-rose-400 bg-black/30 px-3 py-1 text-lg font-bold text-rose-300"
        >
          PASS
        </motion.span>
      </div>
      <div className="grid gap-3 p-4">
        <h2 className="text-xl leading-tight font-semibold">{event.title}</h2>
        <div className="grid gap-1 text-sm text-muted-foreground">
          <p className="flex items-center gap-2">
            <CalendarIcon className="size-4 shrink-0" aria-hidden />
            {formatEventDateTime(event.date, timezone)}
          </p>
          {event.location && (
            <p className="flex items-center gap-2">
              <MapPinIcon className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{event.location}</span>
              {event.distanceKm != null && <span className="shrink-0">· {event.distanceKm} km</span>}
            </p>
          )}
        </div>
        {event.description && <p className="line-clamp-2 text-sm">{event.description}</p>}
        {event.reasons.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Why this event">
            {event.reasons.map((r) => (
              <li key={r} className="flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-medium text-primary">
                <SparklesIcon className="size-3" aria-hidden />
                {r}
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
                {friendsGoingText(event.friendsGoing)}
              </span>
            )}
          </div>
          <Link href={`/users/${event.hostId}`} className="text-sm font-medium text-primary hover:underline">
            View Profile
          </Link>
        </div>
        <div className="flex justify-center gap-8 pt-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Decline"
            className="size-14 rounded-full border-rose-300 text-rose-500 hover:bg-rose-50 dark:hover:bg-rose-950 [&_svg]:size-6"
            onClick={() => onAnswer("declined")}
          >
            <XIcon />
          </Button>
          <Button
            type="button"
            size="icon"
            aria-label="Going"
            className="size-14 rounded-full bg-emerald-500 text-white hover:bg-emerald-600 [&_svg]:size-6"
            onClick={() => onAnswer("going")}
          >
            <CheckIcon />
          </Button>
        </div>
      </div>
    </motion.article>
  );
}
