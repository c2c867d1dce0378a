// Chat messages and swipes made offline: kept in localStorage per signed-in person, shown as
// pending, and sent in order when the network returns. Exactly once: one tab drains at a time (Web Locks),
// an item leaves the queue only after the server stored it, and a chat message carries the clientId it was
// made with, so a resend after a lost answer is answered with the row already stored. (An item queued
// before clientIds existed is first looked for among the group's latest messages.) Swipes are answers the
// server upserts (POST /api/event-participants), so sending one twice stores it once.
import type { ChatMessage, chatMessageSchema } from "@contract/chat";
import type { participantSchema } from "@contract/events";
import { CHAT_PAGE_SIZE } from "@contract/limits";
import { useSyncExternalStore } from "react";
import type { z } from "zod";
import { ApiError, api } from "./api";

const STORAGE_KEY = "link-offline-queue";
const LOCK_NAME = "link-offline-queue";
/** Client and server clocks differ: a message counts as "the one we sent" if stored up to this long before it was queued. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

interface QueuedBase {
  /** Unique per item (crypto.randomUUID): the React key and the handle for removal. */
  key: string;
  userId: number;
  queuedAt: string;
  /** Set before each send: true means a request may already have reached the server. */
  attempted: boolean;
}
export interface QueuedChatMessage extends QueuedBase {
  kind: "chat";
  groupId: number;
  message: string;
  /** Made once for the message (the composer's, when a send from it failed): every resend carries it. */
  clientId?: string;
}
interface QueuedSwipe extends QueuedBase {
  kind: "swipe";
  eventId: number;
  status: "going" | "declined";
}
export type QueuedAction = QueuedChatMessage | QueuedSwipe;

type NewAction = Omit<QueuedChatMessage, keyof QueuedBase> | Omit<QueuedSwipe, keyof QueuedBase>;

const listeners = new Set<() => void>();
let snapshot: QueuedAction[] | null = null;
// One empty queue for the server's drawing and the device's: a page hydrated with a different (even empty)
// array would be drawn again at once, in one long synchronous render.
const NOTHING_QUEUED: QueuedAction[] = [];

function read(): QueuedAction[] {
  if (snapshot) return snapshot;
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    snapshot = Array.isArray(parsed) && parsed.length > 0 ? (parsed as QueuedAction[]) : NOTHING_QUEUED;
  } catch {
    snapshot = NOTHING_QUEUED;
  }
  return snapshot;
}

function write(next: QueuedAction[]) {
  snapshot = next.length > 0 ? next : NOTHING_QUEUED;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the queue still lives for this tab.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the queue (it drained or queued something).
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function queuedActions(userId: number): QueuedAction[] {
  return read().filter((action) => action.userId === userId);
}

/** `attempted`: a send already failed without an answer, so the server may hold it (checked before resending). */
export function enqueue(userId: number, action: NewAction, { attempted = false } = {}): QueuedAction {
  const item = {
    ...action,
    key: crypto.randomUUID(),
    userId,
    queuedAt: new Date().toISOString(),
    attempted,
  } as QueuedAction;
  write([...read(), item]);
  return item;
}

export function removeQueued(key: string) {
  write(read().filter((action) => action.key !== key));
}

/** Sign-out: what one person queued is never sent under the next person's session. */
export function clearQueue(userId?: number) {
  write(userId === undefined ? [] : read().filter((action) => action.userId !== userId));
}

function update(key: string, change: Partial<QueuedBase>) {
  write(read().map((action) => (action.key === key ? ({ ...action, ...change } as QueuedAction) : action)));
}

/** The person's queued actions, re-rendering when the queue changes (in this tab or another). */
export function useQueuedActions(userId: number | undefined): QueuedAction[] {
  const all = useSyncExternalStore(subscribe, read, () => NOTHING_QUEUED);
  return userId === undefined ? [] : all.filter((action) => action.userId === userId);
}

/** A fetch that never reached an answer (offline, connection dropped), as opposed to a server's refusal. */
export function isNetworkFailure(error: unknown) {
  return error instanceof TypeError;
}

export interface DrainCallbacks {
  onChatSent?: (message: ChatMessage) => void;
  onSwipeSent?: (swipe: QueuedSwipe) => void;
  /** The server refused the item (no longer a member, event gone, text rejected): it is dropped. */
  onRejected?: (action: QueuedAction, error: ApiError) => void;
}

async function alreadyStored(item: QueuedChatMessage): Promise<ChatMessage | null> {
  const latest = await api.get<z.ZodArray<typeof chatMessageSchema>>(
    `/api/chat/messages/${item.groupId}?limit=${CHAT_PAGE_SIZE}`,
  );
  const since = Date.parse(item.queuedAt) - CLOCK_SKEW_MS;
  return (
    latest.find(
      (m) => m.userId === item.userId && m.message === item.message.trim() && Date.parse(m.sentAt) >= since,
    ) ?? null
  );
}

async function sendOne(item: QueuedAction, callbacks: DrainCallbacks) {
  if (item.kind === "chat") {
    const earlier = item.attempted && !item.clientId ? await alreadyStored(item) : null;
    if (!earlier) update(item.key, { attempted: true });
    const message =
      earlier ??
      (await api.post<typeof chatMessageSchema>("/api/chat/messages", {
        groupId: item.groupId,
        message: item.message,
        ...(item.clientId ? { clientId: item.clientId } : {}),
      }));
    removeQueued(item.key);
    callbacks.onChatSent?.(message);
  } else {
    update(item.key, { attempted: true });
    await api.post<typeof participantSchema>("/api/event-participants", {
      eventId: item.eventId,
      userId: item.userId,
      status: item.status,
    });
    removeQueued(item.key);
    callbacks.onSwipeSent?.(item);
  }
}

async function drainUnlocked(userId: number, callbacks: DrainCallbacks) {
  for (;;) {
    // Re-read from storage each time: another tab (which held the lock before us) or a sign-out may have
    // changed the queue meanwhile.
    snapshot = null;
    const item = queuedActions(userId)[0];
    if (!item) return;
    try {
      await sendOne(item, callbacks);
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        removeQueued(item.key);
        callbacks.onRejected?.(item, error);
        continue;
      }
      // Offline again, signed out, rate-limited or a server error: keep the item for the next reconnect.
      return;
    }
  }
}

let draining: Promise<void> | null = null;

/** Sends the person's queued actions in order; one drain at a time across this tab and any other. */
export function drainQueue(userId: number, callbacks: DrainCallbacks = {}): Promise<void> {
  if (draining) return draining;
  const run = () => drainUnlocked(userId, callbacks);
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  draining = (locks ? locks.request(LOCK_NAME, run) : run()).finally(() => {
    draining = null;
  });
  return draining;
}
