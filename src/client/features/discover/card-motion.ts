import { SWIPE_THRESHOLD_PX } from "@contract/limits";
import type { RefObject } from "react";

/** The elements that move with a drag of the top card, each written straight to its style (no React render). */
export interface CardParts {
  card: RefObject<HTMLElement | null>;
  goingStamp: RefObject<HTMLElement | null>;
  passStamp: RefObject<HTMLElement | null>;
  /** The card below, which rises as the top card nears an answer. */
  next: RefObject<HTMLElement | null>;
}

const FRAME_MS = 1000 / 60;
/** Where a card flung away ends, and how long it takes (it also fades). */
const FLING_PX = 480;
const FLING_MS = 320;
const FADE_MS = 200;
const ENTER_MS = 200;

/** 0 at rest, 1 at the answer threshold: how far the card below has risen. */
const progressOf = (x: number) => Math.min(Math.abs(x) / SWIPE_THRESHOLD_PX, 1);
const clamp01 = (v: number) => Math.min(Math.max(v, 0), 1);

/** The card tilts up to 12° by 300 px, as if held at its bottom; never under prefers-reduced-motion. */
const cardTransform = (x: number, reduceMotion: boolean) =>
  `translateX(${x}px) rotate(${reduceMotion ? 0 : Math.min(Math.max(x / 300, -1), 1) * 12}deg)`;

/** The card below: 94 % and 26 px lower at rest, full size in place at the threshold. */
export const nextCardTransform = (progress: number) =>
  `translateY(${26 - 26 * progress}px) scale(${0.94 + 0.06 * progress})`;

/** Each stamp fades in towards its side: Going on the right, Pass on the left. */
const goingOpacity = (x: number) => clamp01(x / SWIPE_THRESHOLD_PX);
const passOpacity = (x: number) => clamp01(-x / SWIPE_THRESHOLD_PX);

/**
 * The positions, one per frame, of a card let go at `from` px moving at `velocity` px/s, pulled back to 0 by the
 * spring the deck had with motion's drag (stiffness 400, damping 30, mass 1): a little overshoot, settled in ~0.4 s.
 */
export function springFrames(from: number, velocity: number) {
  const w0 = Math.sqrt(400);
  const zeta = 30 / (2 * w0);
  const wd = w0 * Math.sqrt(1 - zeta * zeta);
  const b = (velocity + zeta * w0 * from) / wd;
  const frames: number[] = [];
  for (let i = 0; ; i++) {
    const t = (i * FRAME_MS) / 1000;
    const decay = Math.exp(-zeta * w0 * t);
    frames.push(decay * (from * Math.cos(wd * t) + b * Math.sin(wd * t)));
    if (decay * Math.hypot(from, b) < 0.5 || t >= 1) break;
  }
  frames.push(0);
  return frames;
}

/**
 * Moves the top card and what goes with it. A drag writes positions; letting go, leaving and entering play on
 * the Web Animations API, whose running animations `settle` stops where they are (a card caught mid-flight is
 * dragged on from there). Where `animate` is missing (jsdom), every change is immediate.
 */
export class CardMotion {
  reduceMotion = false;
  /** Answered and on its way out: it no longer moves the card below, which may already be another one. */
  leaving = false;
  private x = 0;
  /** The animations playing, and the card's position on each of their frames. */
  private playing: { animations: Animation[]; frames: number[] } | null = null;

  constructor(private readonly parts: CardParts) {}

  private elements() {
    const { card, goingStamp, passStamp, next } = this.parts;
    return {
      card: card.current,
      goingStamp: goingStamp.current,
      passStamp: passStamp.current,
      next: this.leaving ? null : next.current,
    };
  }

  /** Puts everything where a card at `x` px has it. */
  show(x: number) {
    this.x = x;
    const { card, goingStamp, passStamp, next } = this.elements();
    if (card) card.style.transform = cardTransform(x, this.reduceMotion);
    if (goingStamp) goingStamp.style.opacity = String(goingOpacity(x));
    if (passStamp) passStamp.style.opacity = String(passOpacity(x));
    if (next) next.style.transform = nextCardTransform(progressOf(x));
  }

  /** Stops what is playing where it stands; returns the card's position there. */
  settle() {
    if (this.playing) {
      const { animations, frames } = this.playing;
      const elapsed = Number(animations[0]?.currentTime ?? 0);
      const x = frames[Math.min(Math.round(elapsed / FRAME_MS), frames.length - 1)] ?? 0;
      for (const animation of animations) animation.cancel();
      this.playing = null;
      this.show(x);
    }
    return this.x;
  }

  /** Let go short of an answer: the card springs back to the middle, carrying on with the drag's speed first. */
  springBack(velocity: number) {
    const from = this.settle();
    this.show(0);
    const frames = springFrames(from, velocity);
    const { card, goingStamp, passStamp, next } = this.elements();
    const timing = { duration: (frames.length - 1) * FRAME_MS, easing: "linear" };
    const animations = [
      card?.animate?.(
        frames.map((x) => ({ transform: cardTransform(x, this.reduceMotion) })),
        timing,
      ),
      goingStamp?.animate?.(
        frames.map((x) => ({ opacity: goingOpacity(x) })),
        timing,
      ),
      passStamp?.animate?.(
        frames.map((x) => ({ opacity: passOpacity(x) })),
        timing,
      ),
      next?.animate?.(
        frames.map((x) => ({ transform: nextCardTransform(progressOf(x)) })),
        timing,
      ),
    ].filter((a) => a !== undefined);
    if (animations.length > 0) this.playing = { animations, frames };
  }

  /** The card that was below takes the top: it finishes rising into place, or fades in. */
  enter() {
    this.settle();
    const keyframes = this.reduceMotion
      ? [{ opacity: 0 }, { opacity: 1 }]
      : [{ transform: "translateY(10px) scale(0.97)" }, { transform: "none" }];
    const animation = this.parts.card.current?.animate?.(keyframes, { duration: ENTER_MS, easing: "ease-out" });
    if (animation) this.playing = { animations: [animation], frames: [0] };
  }

  /**
   * Answered: flung to its side (`direction` 1 right, -1 left, 0 stays), or faded where it stands. Resolves true
   * once gone, false if it was called back first (`restore`).
   */
  async leave(direction: number) {
    this.leaving = true;
    const x = this.settle();
    const card = this.parts.card.current;
    const keyframes = this.reduceMotion
      ? [{ opacity: 1 }, { opacity: 0 }]
      : [
          { transform: cardTransform(x, false), opacity: 1 },
          { transform: cardTransform(direction * FLING_PX, false), opacity: 0 },
        ];
    const animation = card?.animate?.(keyframes, {
      duration: this.reduceMotion ? FADE_MS : FLING_MS,
      easing: "ease-in",
      fill: "forwards",
    });
    if (!animation) return true;
    this.playing = { animations: [animation], frames: [x] };
    return animation.finished.then(
      () => true,
      () => false,
    );
  }

  /** A card that had left comes back (its answer failed to store): whole and at rest. */
  restore() {
    this.settle();
    // Still marked leaving while it moves back: the card below is not its own any more.
    this.show(0);
    this.leaving = false;
  }
}
