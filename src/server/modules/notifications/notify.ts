import type { NotificationCategory, NotificationPreferences } from "#contract/push";
import type { Bus } from "#server/realtime/bus";
import type { StoredWords } from "./words";

/** One notification (or chat message) as the other channels (push, e-mail) see it, with each recipient's preferences. */
export interface NotificationDelivery {
  category: NotificationCategory;
  /** The English words, with the codes and values that write them in each recipient's language (see words.ts). */
  content: StoredWords & {
    actionUrl: string | null;
    tag: string;
    /** The people the words name (its actor, a summary's guests): an e-mail of them goes with their accounts. */
    named: number[];
    /** The event it tells of: its e-mail goes out only while the recipient may still open the event. */
    eventId?: number;
  };
  recipients: { userId: number; preferences: NotificationPreferences }[];
}

/**
 * Push and e-mail delivery (the delivery module's worker) registers here per app, keyed by the app's bus
 * (one bus per app), so the notifications service needs only the bus to reach it. Delivery runs after the
 * request's own work and never fails it: a slow push service must not slow the action that notified.
 */
const deliverers = new WeakMap<Bus, (delivery: NotificationDelivery) => Promise<void>>();
/** Background delivery work still running, per bus: kept apart from the deliverer so a stop can wait for it. */
const inFlight = new WeakMap<Bus, Set<Promise<void>>>();

/** Registers the app's deliverer; returns the call that removes it again. */
export function onNotification(bus: Bus, deliver: (delivery: NotificationDelivery) => Promise<void>): () => void {
  deliverers.set(bus, deliver);
  return () => {
    if (deliverers.get(bus) === deliver) deliverers.delete(bus);
  };
}

/** Resolves once every push/e-mail delivery started so far has finished (a stop waits; tests await it). */
export async function deliveriesSettled(bus: Bus): Promise<void> {
  const running = inFlight.get(bus);
  // Work can start more work (a chat window's flush starts its delivery): wait until none is left.
  while (running && running.size > 0) await Promise.all([...running]);
}

/** Hands a delivery to push/e-mail, not awaited: the deliverer logs its own failures, and the action that notified is done. */
export function startDelivery(bus: Bus, delivery: NotificationDelivery) {
  const deliver = deliverers.get(bus);
  if (!deliver || delivery.recipients.length === 0) return;
  trackDelivery(bus, deliver(delivery));
}

/** Counts background delivery work (push/e-mail, a chat window still collecting) for deliveriesSettled. */
export function trackDelivery(bus: Bus, run: Promise<void>) {
  let running = inFlight.get(bus);
  if (!running) {
    running = new Set();
    inFlight.set(bus, running);
  }
  const set = running;
  set.add(run);
  void run.finally(() => set.delete(run));
}

/** A chat message just stored and published on its group's channel (src/server/modules/chat/service.ts). */
export interface ChatMessageSent {
  groupId: number;
  senderId: number;
  senderName: string;
  text: string;
}
const chatListeners = new WeakMap<Bus, (message: ChatMessageSent) => void>();
/**
 * Push delivery listens for chat messages here (the "chat" category), keyed by the app's bus like onNotification;
 * returns the call that stops listening.
 */
export function onChatMessage(bus: Bus, listener: (message: ChatMessageSent) => void): () => void {
  chatListeners.set(bus, listener);
  return () => {
    if (chatListeners.get(bus) === listener) chatListeners.delete(bus);
  };
}
/** Synchronous and never throws: the chat's own path (stored, published) is done and must stay fast. */
export function chatMessageSent(bus: Bus, message: ChatMessageSent) {
  chatListeners.get(bus)?.(message);
}
