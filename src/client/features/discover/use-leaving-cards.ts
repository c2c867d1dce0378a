import type { FeedItem } from "@contract/events";
import { useCallback, useState } from "react";

export interface LeavingCard {
  event: FeedItem;
  /** The side it was answered to: 1 right, -1 left, 0 (undone) where it stands. */
  direction: number;
}

/**
 * The cards that stay on screen after the deck moved on, until their exit animation ends (what motion's
 * AnimatePresence did): the card that was on top leaves to `direction`. A card that comes back on top (its answer
 * failed to store) stops leaving. `animateEntry` says the top card took over from another, so it enters; the
 * deck's first card, or the first after the deck was empty, is just there.
 */
export function useLeavingCards(current: FeedItem | undefined, direction: number) {
  const [shown, setShown] = useState(current);
  const [leaving, setLeaving] = useState<LeavingCard[]>([]);
  const [animateEntry, setAnimateEntry] = useState(false);
  if (current?.id !== shown?.id) {
    // Adjusted while rendering (React's way to follow a prop), so the leaving card never misses a frame.
    setShown(current);
    setAnimateEntry(shown !== undefined && current !== undefined);
    setLeaving((list) =>
      current
        ? [...list.filter((l) => l.event.id !== current.id), ...(shown ? [{ event: shown, direction }] : [])]
        : [],
    );
  }
  const left = useCallback((eventId: number) => setLeaving((list) => list.filter((l) => l.event.id !== eventId)), []);
  return { leaving, animateEntry, left };
}
