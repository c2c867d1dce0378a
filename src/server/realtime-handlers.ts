import { SESSION_IDLE_MS } from "#contract/limits";
import type { AuthRepository } from "./modules/auth";
import { CHAT_LIMITS, type ChatService } from "./modules/chat";
import { registerLocalSockets } from "./modules/delivery";
import { type GroupsRepository, type GroupsService, VOTE_LIMIT } from "./modules/groups";
import type { UsersRepository } from "./modules/users";
import type { Bus } from "./realtime/bus";
import type { RealtimeHandlers } from "./realtime/hub";
import type { RealtimeOptions } from "./realtime/routes";

/**
 * The realtime routes' options from the app's services: the hub's handlers are the same service calls the
 * REST routes make (chat send, vote, membership), and push presence learns how to count this instance's sockets.
 */
export function realtimeOptions(deps: {
  bus: Bus;
  publicOrigin: string | undefined;
  groups: GroupsService;
  /** The names of a person's groups, for the socket's join (the groups repository's read). */
  groupNamesOf: GroupsRepository["namesForUser"];
  /** Who of some members may still read a group (the groups repository's read, by the visibility rule). */
  openMembersAmong: GroupsRepository["openMembersAmong"];
  chat: ChatService;
  sessions: AuthRepository;
  users: UsersRepository;
}): RealtimeOptions {
  const handlers: RealtimeHandlers = {
    groupsOf: (userId) => deps.groupNamesOf(userId),
    async nameOf(userId) {
      return (await deps.users.findById(userId))?.fullName ?? "Someone";
    },
    requireMember: (groupId, userId) => deps.groups.requireMember(groupId, userId),
    openMembersAmong: (groupId, userIds) => deps.openMembersAmong(groupId, userIds),
    sendChat: (userId, input) => deps.chat.send(userId, input),
    messagesAfter: (groupId, afterId, limit) => deps.chat.messagesAfter(groupId, afterId, limit),
    newestMessageId: (groupId) => deps.chat.newestMessageId(groupId),
    mayShowTyping: (groupId, userId) => deps.chat.mayShowTyping(groupId, userId),
    vote: (userId, groupId, eventId, vote) => deps.groups.vote(userId, groupId, eventId, vote),
    budgets: { chat: CHAT_LIMITS, votes: VOTE_LIMIT },
    async liveSessions(hashes) {
      const now = Date.now();
      return new Set(await deps.sessions.liveSessionHashes(hashes, new Date(now), new Date(now - SESSION_IDLE_MS)));
    },
  };
  return {
    bus: deps.bus,
    handlers,
    publicOrigin: deps.publicOrigin,
    countSocketsWith: (openSocketsOf) => registerLocalSockets(deps.bus, openSocketsOf),
  };
}
