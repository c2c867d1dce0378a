// Messages the composer handed over and the server has not stored yet. The box empties at once; each
// message shows as "Sending…" until its answer, and a refused one stays with Retry, apart from whatever is
// being typed meanwhile. Every message has its clientId from the moment it is written, so a retry (here or
// from the offline queue after a dropped connection) is answered with the row already stored, never a copy.
import { CHAT_TEXTS, type chatMessageSchema } from "@contract/chat";
import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { api, errorMessage, errorStatus } from "@/lib/api";
import { text } from "@/lib/i18n";
import { enqueue, isNetworkFailure } from "@/lib/offline-queue";
import { addMessagesToCache } from "./api/chat-messages";

export interface OutgoingMessage {
  clientId: string;
  userId: number;
  groupId: number;
  message: string;
  status: "sending" | "failed";
  /** Why it was not stored (for the person), when failed. */
  error?: string;
}

let items: OutgoingMessage[] = [];
const listeners = new Set<() => void>();
/** Per group, the send in flight: messages leave (and are stored) in the order they were written. */
const chains = new Map<number, Promise<void>>();

function write(next: OutgoingMessage[]) {
  items = next;
  for (const listener of listeners) listener();
}
const change = (clientId: string, patch: Partial<OutgoingMessage>) =>
  write(items.map((m) => (m.clientId === clientId ? { ...m, ...patch } : m)));
const remove = (clientId: string) => write(items.filter((m) => m.clientId !== clientId));

/** A refusal's text for the person: the server's own words for a 4xx (e.g. "Too many messages, try again in 8 s"). */
function failureText(error: unknown) {
  const status = errorStatus(error);
  return status != null && status >= 400 && status < 500
    ? (errorMessage(error) ?? text(CHAT_TEXTS, "sendFailed"))
    : text(CHAT_TEXTS, "sendFailed");
}

function post(qc: QueryClient, item: OutgoingMessage) {
  const previous = chains.get(item.groupId) ?? Promise.resolve();
  const run = previous.then(async () => {
    try {
      const stored = await api.post<typeof chatMessageSchema>("/api/chat/messages", {
        groupId: item.groupId,
        message: item.message,
        clientId: item.clientId,
      });
      addMessagesToCache(qc, item.groupId, [stored]);
      remove(item.clientId);
    } catch (error) {
      if (isNetworkFailure(error)) {
        // The connection dropped mid-send: the offline queue resends it (same clientId) when the network is back.
        enqueue(
          item.userId,
          { kind: "chat", groupId: item.groupId, message: item.message, clientId: item.clientId },
          { attempted: true },
        );
        remove(item.clientId);
        return;
      }
      change(item.clientId, { status: "failed", error: failureText(error) });
    }
  });
  chains.set(item.groupId, run);
  void run.finally(() => {
    if (chains.get(item.groupId) === run) chains.delete(item.groupId);
  });
}

/** Hands a message to the server (or, offline, to the offline queue) with a new clientId. */
export function sendChatMessage(qc: QueryClient, userId: number, groupId: number, message: string) {
  const clientId = crypto.randomUUID();
  if (!navigator.onLine) {
    enqueue(userId, { kind: "chat", groupId, message, clientId });
    return;
  }
  const item: OutgoingMessage = { clientId, userId, groupId, message, status: "sending" };
  write([...items, item]);
  post(qc, item);
}

/** Sends a failed message again with its own clientId. */
export function retryChatMessage(qc: QueryClient, clientId: string) {
  const item = items.find((m) => m.clientId === clientId);
  if (item?.status !== "failed") return;
  change(clientId, { status: "sending", error: undefined });
  post(qc, { ...item, status: "sending" });
}

export function discardChatMessage(clientId: string) {
  remove(clientId);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** This person's unsent messages in a group, oldest first. */
export function useOutgoingMessages(userId: number | undefined, groupId: number): OutgoingMessage[] {
  const all = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return all.filter((m) => m.userId === userId && m.groupId === groupId);
}
