import { SWIPE_THRESHOLD_PX } from "@contract/limits";
import { type MouseEvent, type PointerEvent as ReactPointerEvent, useEffect, useRef } from "react";
import type { CardMotion } from "./card-motion";

/** How far a press moves before it is a drag: under it, a tap stays a tap (motion's threshold, kept). */
const DRAG_START_PX = 3;
/** The speed a card is let go with, measured over the pointer's last moves. */
const VELOCITY_WINDOW_MS = 100;

interface Sample {
  x: number;
  t: number;
}

/** px/s over the samples taken within the window before `now`. */
function velocityAt(samples: Sample[], now: number) {
  const recent = samples.filter((s) => now - s.t <= VELOCITY_WINDOW_MS);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || last.t <= first.t) return 0;
  return ((last.x - first.x) / (last.t - first.t)) * 1000;
}

/**
 * The top card's horizontal drag on Pointer Events: the card follows the pointer (written to its style by
 * `motion`, no React render per move); let go past SWIPE_THRESHOLD_PX it answers, Going to the right and Pass to
 * the left in every language; shorter, or taken over by the browser (a vertical scroll), it springs back.
 */
export function useCardDrag(motion: CardMotion, onAnswer: (status: "going" | "declined") => void) {
  const answer = useRef(onAnswer);
  useEffect(() => {
    answer.current = onAnswer;
  });
  // A drag that ends over the title or cover is an answer (or nothing), never a tap that opens the event.
  const dragged = useRef(false);
  const stopListening = useRef<(() => void) | null>(null);
  useEffect(() => () => stopListening.current?.(), []);

  const onPointerDown = (down: ReactPointerEvent<HTMLElement>) => {
    if (!down.isPrimary || down.button !== 0 || motion.leaving) return;
    stopListening.current?.();
    const card = down.currentTarget;
    const { pointerId } = down;
    dragged.current = false;
    // A card still springing back is caught where it is.
    const from = motion.settle();
    let x = from;
    const samples: Sample[] = [{ x, t: down.timeStamp }];

    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointerId || motion.leaving) return;
      const dx = e.clientX - down.clientX;
      if (!dragged.current) {
        if (Math.hypot(dx, e.clientY - down.clientY) < DRAG_START_PX) return;
        dragged.current = true;
        // Only now: captured from the press, a tap on a button would be delivered to the card instead.
        card.setPointerCapture?.(pointerId);
      }
      x = from + dx;
      samples.push({ x, t: e.timeStamp });
      if (samples.length > 20) samples.shift();
      motion.show(x);
    };
    const end = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      stopListening.current?.();
      if (motion.leaving) return;
      if (e.type === "pointerup" && dragged.current && Math.abs(x) > SWIPE_THRESHOLD_PX) {
        answer.current(x > 0 ? "going" : "declined");
        // Answered, the card is flung from where it is (SwipeCard's leaving); kept (the host's questions to
        // answer first, or no answer possible), it springs back.
        requestAnimationFrame(() => {
          if (!motion.leaving) motion.springBack(0);
        });
      } else if (x !== 0) motion.springBack(velocityAt(samples, e.timeStamp));
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    stopListening.current = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      stopListening.current = null;
    };
  };

  const onClickCapture = (e: MouseEvent) => {
    // detail 0: a click from the keyboard (Enter on a link), which a drag long before has nothing to do with.
    if (!dragged.current || e.detail === 0) return;
    e.preventDefault();
    e.stopPropagation();
  };

  return { onPointerDown, onClickCapture };
}
