import type { FriendStatus } from "../../../contract/friends";
import type { FriendsRepository } from "./repository";

export class FriendError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message);
  }
}

export interface FriendEvents {
  requested(fromUserId: number, toUserId: number): Promise<void>;
  accepted(byUserId: number, requesterId: number): Promise<void>;
}

export function friendsService(repo: FriendsRepository, events: FriendEvents) {
  async function status(viewerId: number, otherId: number): Promise<FriendStatus> {
    const row = await repo.findBetween(viewerId, otherId);
    if (!row) return "none";
    if (row.status === "accepted") return "friends";
    return row.requesterId === viewerId ? "requested" : "incoming";
  }

  return {
    status,

    /** Connect: a new pending request; when the other side already asked, this accepts theirs instead. */
    async request(fromId: number, toId: number): Promise<FriendStatus> {
      if (fromId === toId) throw new FriendError("You cannot add yourself as a friend", 400);
      if (!(await repo.userExists(toId))) throw new FriendError("User not found", 404);
      const current = await status(fromId, toId);
      if (current === "incoming") {
        await repo.accept(toId, fromId);
        await events.accepted(fromId, toId);
        return "friends";
      }
      if (current !== "none") return current;
      await repo.insertRequest(fromId, toId);
      await events.requested(fromId, toId);
      return status(fromId, toId);
    },

    async accept(addresseeId: number, requesterId: number): Promise<FriendStatus> {
      if (!(await repo.accept(requesterId, addresseeId))) throw new FriendError("Friend request not found", 404);
      await events.accepted(addresseeId, requesterId);
      return "friends";
    },

    async decline(addresseeId: number, requesterId: number): Promise<FriendStatus> {
      if (!(await repo.deletePending(requesterId, addresseeId))) throw new FriendError("Friend request not found", 404);
      return "none";
    },

    async friendsOf(userId: number, limit: number, after?: number) {
      if (!(await repo.userExists(userId))) throw new FriendError("User not found", 404);
      return repo.listFriends(userId, limit, after);
    },

    incoming(userId: number) {
      return repo.listIncoming(userId);
    },
  };
}
