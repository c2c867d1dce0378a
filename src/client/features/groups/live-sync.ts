import type { ChatMessage } from "@contract/chat";
import type { GroupListItem } from "@contract/groups";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { RealtimeConnection } from "@/lib/realtime/connection";
import { addMessagesToCache, type ChatMessageListSchema, newestHeldId } from "./api/chat-messages";
import { applyVoteUpdate } from "./api/group-events";
import { groupKeys } from "./api/keys";

/** How many missed messages one catch-up request fetches; more than that resets the cache to the newest page. */
const CATCH_UP_LIMIT = 100;

/**
 * The groups feature on the app's connection: joins the channel of every group of the user (those in
 * auth_success, and any the cached list gains later), catches up by cursor after each join, and feeds
 * new messages and votes into the cache. Returns the detach.
 */
export function syncGroups(connection: RealtimeConnection, qc: QueryClient, myId: number): () => void {
  const joined = new Set<number>();
  let hadSession = false;

  const join = (groupId: number) => {
    if (joined.has(groupId)) return;
    if (connection.send({ type: "join_group", groupId })) joined.add(groupId);
  };

  /** Everything newer than the last id held for a group, by cursor. */
  const catchUp = async (groupId: number) => {
    const after = newestHeldId(qc, groupId);
    if (after == null) return;
    try {
      const missed = await api.get<ChatMessageListSchema>(
        `/api/chat/messages/${groupId}?after=${after}&limit=${CATCH_UP_LIMIT}`,
      );
      if (missed.length >= CATCH_UP_LIMIT) await qc.resetQueries({ queryKey: groupKeys.messages(groupId) });
      else addMessagesToCache(qc, groupId, missed);
    } catch {
      await qc.invalidateQueries({ queryKey: groupKeys.messages(groupId) });
    }
  };

  const off = [
    connection.subscribe("auth_success", (message) => {
      const reconnect = hadSession;
      hadSession = true;
      joined.clear();
      for (const g of message.groups) join(g.id);
      // Unread counts and last messages may have changed while the socket was away.
      if (reconnect) void qc.invalidateQueries({ queryKey: groupKeys.list() });
    }),
    // Whatever arrived between the last fetch and this join (a reconnect, or a group just joined).
    connection.subscribe("joined_group", (message) => void catchUp(message.groupId)),
    // Taken off a group (left, removed, blocked, the event hidden...): the list and the chat read again and
    // say so; a later list that still holds the group joins it again.
    connection.subscribe("left_group", ({ groupId }) => {
      joined.delete(groupId);
      void qc.invalidateQueries({ queryKey: groupKeys.list() });
      void qc.invalidateQueries({ queryKey: groupKeys.messages(groupId) });
    }),
    connection.subscribe("new_message", ({ message }) => {
      addMessagesToCache(qc, message.groupId, [message]);
      // The list's last message and unread badge change in place: no refetch per message on every client.
      if (!applyToGroupList(qc, message, myId)) void qc.invalidateQueries({ queryKey: groupKeys.list() });
    }),
    connection.subscribe("vote_update", (message) => {
      applyVoteUpdate(qc, message, myId);
      // The plan's card names who voted: it re-reads.
      void qc.invalidateQueries({ queryKey: groupKeys.plan(message.groupId, message.eventId) });
    }),
    connection.subscribe("plan_update", ({ groupId, eventId, decided }) => {
      void qc.invalidateQueries({ queryKey: groupKeys.plan(groupId, eventId) });
      if (decided) void qc.invalidateQueries({ queryKey: groupKeys.events(groupId) });
    }),
    // A group created or joined after auth shows up in the group list; join its channel too.
    // Only new data counts: the list marked stale (after left_group, say) still holds the group it left.
    qc.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      if (!sameKey(event.query.queryKey, groupKeys.list())) return;
      const list = event.query.state.data as GroupListItem[] | undefined;
      if (connection.connected && list) for (const g of list) join(g.id);
    }),
  ];
  return () => {
    for (const stop of off) stop();
  };
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * A new message as the group list shows it: the group's last message, and one more unread unless it is
 * the reader's own. False when the list is not cached or does not hold the group (then it is refetched).
 */
function applyToGroupList(qc: QueryClient, message: ChatMessage, myId: number): boolean {
  const list = qc.getQueryData<GroupListItem[]>(groupKeys.list());
  if (!list?.some((g) => g.id === message.groupId)) return false;
  qc.setQueryData<GroupListItem[]>(groupKeys.list(), (groups) =>
    groups?.map((g) =>
      g.id === message.groupId && (g.lastMessage == null || g.lastMessage.id < message.id)
        ? { ...g, lastMessage: message, unreadCount: message.userId === myId ? g.unreadCount : g.unreadCount + 1 }
        : g,
    ),
  );
  return true;
}
