import type { ChatMessage } from "@contract/chat";
import { CHAT_PAGE_SIZE } from "@contract/chat";
import type {
  CreateGroupBody,
  GroupAvailability,
  GroupAvailabilityBody,
  GroupEvent,
  GroupListItem,
  GroupMember,
  InviteView,
  VoteCounts,
  VoteValue,
} from "@contract/groups";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api";

export const GROUPS_KEY = ["/api/groups/user"] as const;
export const messagesKey = (groupId: number) => ["/api/chat/messages", groupId] as const;
export const groupEventsKey = (groupId: number) => ["/api/groups", groupId, "events"] as const;
export const groupAvailabilityKey = (groupId: number, date: string) =>
  ["/api/groups", groupId, "availability", date] as const;

export type MessagePages = InfiniteData<ChatMessage[], number | undefined>;

export function useGroups() {
  return useQuery<GroupListItem[]>({ queryKey: GROUPS_KEY });
}

export function useGroupMembers(groupId: number | null) {
  return useQuery<GroupMember[]>({ queryKey: ["/api/groups", groupId, "members"], enabled: groupId != null });
}

export interface CreatedGroup {
  id: number;
  name: string;
  isPrivate: boolean;
  inviteCode: string | null;
}
export function useCreateGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGroupBody) => apiJson<CreatedGroup>("POST", "/api/groups", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
}

/** Newest page first; each further page is the one before the oldest message held (scroll-back). */
export function useChatMessages(groupId: number | null) {
  return useInfiniteQuery({
    queryKey: messagesKey(groupId ?? 0),
    enabled: groupId != null,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
      if (pageParam) query.set("before", String(pageParam));
      try {
        return await apiJson<ChatMessage[]>("GET", `/api/chat/messages/${groupId}?${query}`);
      } catch {
        // Spec 02 §8: message loading errors produce an empty list.
        return [];
      }
    },
    getNextPageParam: (lastPage) => (lastPage.length < CHAT_PAGE_SIZE ? undefined : lastPage[0]?.id),
  });
}

/** Adds messages to a group's cached pages (newest page = pages[0]), skipping ids already held. */
export function addMessagesToCache(qc: QueryClient, groupId: number, messages: ChatMessage[]) {
  if (messages.length === 0) return;
  qc.setQueryData<MessagePages>(messagesKey(groupId), (data) => {
    if (!data) return data;
    const held = new Set(data.pages.flat().map((m) => m.id));
    const fresh = messages.filter((m) => !held.has(m.id));
    if (fresh.length === 0) return data;
    const newest = [...(data.pages[0] ?? []), ...fresh].sort((a, b) => a.id - b.id);
    return { ...data, pages: [newest, ...data.pages.slice(1)] };
  });
}

export function newestHeldId(qc: QueryClient, groupId: number): number | null {
  const data = qc.getQueryData<MessagePages>(messagesKey(groupId));
  if (!data) return null;
  return data.pages.flat().reduce((max, m) => Math.max(max, m.id), 0);
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    // The server decides the message's type (text here; event shares and photos come from their own actions).
    mutationFn: (body: { groupId: number; message: string }) =>
      apiJson<ChatMessage>("POST", "/api/chat/messages", body),
    onSuccess: (message) => addMessagesToCache(qc, message.groupId, [message]),
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, messageId }: { groupId: number; messageId?: number }) =>
      apiRequest("POST", `/api/groups/${groupId}/read`, { messageId }),
    onSuccess: (_res, { groupId }) =>
      qc.setQueryData<GroupListItem[]>(GROUPS_KEY, (list) =>
        list?.map((g) => (g.id === groupId ? { ...g, unreadCount: 0 } : g)),
      ),
  });
}

export function useGroupEvents(groupId: number | null) {
  return useQuery<GroupEvent[]>({ queryKey: groupEventsKey(groupId ?? 0), enabled: groupId != null });
}

export function applyVoteUpdate(
  qc: QueryClient,
  update: { groupId: number; eventId: number; votes: VoteCounts; userId: number; vote: VoteValue },
  myId: number | undefined,
) {
  qc.setQueryData<GroupEvent[]>(groupEventsKey(update.groupId), (list) =>
    list?.map((e) =>
      e.id === update.eventId
        ? { ...e, votes: update.votes, myVote: update.userId === myId ? update.vote : e.myVote }
        : e,
    ),
  );
}

export function useVote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, eventId, vote }: { groupId: number; eventId: number; vote: VoteValue }) =>
      apiJson<{ eventId: number; votes: VoteCounts }>("POST", `/api/groups/${groupId}/events/${eventId}/vote`, {
        vote,
      }),
    onSuccess: (res, { groupId, eventId, vote }) =>
      qc.setQueryData<GroupEvent[]>(groupEventsKey(groupId), (list) =>
        list?.map((e) => (e.id === eventId ? { ...e, votes: res.votes, myVote: vote } : e)),
      ),
  });
}

export function useCreateGroupEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      title: string;
      description: string;
      date: string;
      type: string;
      location: string;
      groupId: number;
    }) => apiJson<{ id: number }>("POST", "/api/events", body),
    onSuccess: (_res, body) => {
      qc.invalidateQueries({ queryKey: groupEventsKey(body.groupId) });
      qc.invalidateQueries({ queryKey: ["/api/events"] });
    },
  });
}

export function useGroupAvailability(groupId: number | null, date: string) {
  return useQuery<GroupAvailability>({
    queryKey: groupAvailabilityKey(groupId ?? 0, date),
    enabled: groupId != null && Boolean(date),
    queryFn: () => apiJson<GroupAvailability>("GET", `/api/groups/${groupId}/availability?date=${date}`),
  });
}

export function useSaveGroupAvailability(groupId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupAvailabilityBody) =>
      apiJson<GroupAvailability>("POST", `/api/groups/${groupId}/availability`, body),
    onSuccess: (data) => qc.setQueryData(groupAvailabilityKey(groupId ?? 0, data.date), data),
  });
}

/** The answer depends on who looks (isMember), so the viewer is part of the key and auth must settle first. */
export function useInvite(code: string, viewer: { userId: number | null; ready: boolean }) {
  return useQuery<InviteView>({
    queryKey: ["/api/group-invite", code, viewer.userId],
    enabled: viewer.ready,
    queryFn: () => apiJson<InviteView>("GET", `/api/group-invite/${encodeURIComponent(code)}`),
  });
}

export function useJoinInvite(code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<{ group: { id: number; name: string } }>("POST", `/api/group-invite/${encodeURIComponent(code)}/join`),
    onSuccess: () => qc.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
}
