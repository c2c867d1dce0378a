import type { ChatMessage, chatMessageSchema } from "@contract/chat";
import { CHAT_PAGE_SIZE } from "@contract/limits";
import { type InfiniteData, infiniteQueryOptions, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api";
import { saveOfflineCopy } from "@/lib/offline-api";
import { groupKeys } from "./keys";

export type MessagePages = InfiniteData<ChatMessage[], number | undefined>;
export type ChatMessageListSchema = z.ZodArray<typeof chatMessageSchema>;

const chatPagePath = (groupId: number, query: URLSearchParams) => `/api/chat/messages/${groupId}?${query}`;

/**
 * While a chat is open, the offline copy of its newest page follows what the screen shows (messages that came
 * over the socket included), so the chat opened offline later shows its last messages. The pages hold only
 * messages the server stored, so the copy follows them offline too: a send whose answer arrives just after
 * the network dropped is stored, shown, and must be in the copy the next offline start reads.
 */
export function keepOfflineCopy(groupId: number, data: { pages: ChatMessage[][] } | undefined) {
  const newest = data?.pages[0];
  if (!newest) return;
  const query = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
  void saveOfflineCopy(chatPagePath(groupId, query), newest.slice(-CHAT_PAGE_SIZE)).catch(() => {});
}

/** Newest page first; each further page is the one before the oldest message held (scroll-back). */
const chatMessagesQuery = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: groupKeys.messages(groupId),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
      if (pageParam) query.set("before", String(pageParam));
      try {
        return await api.get<ChatMessageListSchema>(chatPagePath(groupId, query));
      } catch (error) {
        // Offline with no kept copy: no page at all, so the chat says it was not saved rather than empty.
        if (error instanceof TypeError && !navigator.onLine) throw error;
        // A failed load is an empty chat, not an error screen: the group can still be written to.
        return [];
      }
    },
    // Offline the read still goes to the service worker, which answers with the copy it kept (if any).
    networkMode: "offlineFirst",
    getNextPageParam: (lastPage) => (lastPage.length < CHAT_PAGE_SIZE ? undefined : lastPage[0]?.id),
  });

export function useChatMessages(groupId: number | null) {
  return useInfiniteQuery({ ...chatMessagesQuery(groupId ?? 0), enabled: groupId != null });
}

/** Adds messages to a group's cached pages (newest page = pages[0]), skipping ids already held. */
export function addMessagesToCache(qc: QueryClient, groupId: number, messages: ChatMessage[]) {
  if (messages.length === 0) return;
  qc.setQueryData<MessagePages>(groupKeys.messages(groupId), (data) => {
    if (!data) return data;
    const held = new Set(data.pages.flat().map((m) => m.id));
    const fresh = messages.filter((m) => !held.has(m.id));
    if (fresh.length === 0) return data;
    const newest = [...(data.pages[0] ?? []), ...fresh].sort((a, b) => a.id - b.id);
    return { ...data, pages: [newest, ...data.pages.slice(1)] };
  });
}

export function newestHeldId(qc: QueryClient, groupId: number): number | null {
  const data = qc.getQueryData<MessagePages>(groupKeys.messages(groupId));
  if (!data) return null;
  return data.pages.flat().reduce((max, m) => Math.max(max, m.id), 0);
}
