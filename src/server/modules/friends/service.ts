import { API_TEXTS } from "#contract/api-texts";
import type { KeysetPosition } from "#contract/fields";
import type { FriendStatus } from "#contract/friends";
import { messageKey } from "#contract/i18n/texts";
import { NOTICE_TEXTS, noticeWords } from "#contract/notifications";
import { HttpError } from "#server/http/http-error";
import { languageOf } from "#server/i18n";
import type { MailMessage } from "#server/mail";
import type { NotificationsService } from "../notifications";
import type { UserRow } from "../users";
import type { BlockReads } from "../visibility";
import { inviteEmail } from "./invite-email";
import type { FriendsRepository } from "./repository";

export function friendsService({
  repo,
  users,
  notifications,
  blocks,
  enqueueEmail,
  linkOrigin,
}: {
  repo: FriendsRepository;
  /** The users module's: whether an account exists, and the name and language mail and notices use. */
  users: { findById(id: number): Promise<Pick<UserRow, "fullName" | "language"> | undefined> };
  notifications: NotificationsService;
  blocks: BlockReads;
  /** The outbox: its worker delivers and retries, so an SMTP outage never fails a request. */
  enqueueEmail: (message: MailMessage) => Promise<unknown>;
  /** Links in e-mails come from PUBLIC_ORIGIN only: a Host or X-Forwarded-Host header is the sender's to choose. */
  linkOrigin: string;
}) {
  const nameOf = async (id: number) => (await users.findById(id))?.fullName ?? NOTICE_TEXTS.someone;
  const events = {
    async requested(fromId: number, toId: number) {
      await notifications.notify(toId, {
        type: "friend_request",
        ...noticeWords(NOTICE_TEXTS, "friendRequestTitle", "friendRequest", { name: await nameOf(fromId) }),
        actionUrl: `/users/${fromId}`,
        fromUserId: fromId,
      });
    },
    async accepted(byId: number, requesterId: number) {
      await notifications.notify(requesterId, {
        type: "friend_request",
        ...noticeWords(NOTICE_TEXTS, "friendAcceptedTitle", "friendAccepted", { name: await nameOf(byId) }),
        actionUrl: `/users/${byId}`,
        fromUserId: byId,
      });
    },
  };

  async function status(viewerId: number, otherId: number): Promise<FriendStatus> {
    const row = await repo.findBetween(viewerId, otherId);
    if (!row) return "none";
    if (row.status === "accepted") return "friends";
    return row.requesterId === viewerId ? "requested" : "incoming";
  }

  return {
    status,

    /** E-mails someone an invitation to join (into the outbox; sent when SMTP_URL is set). */
    async invite(inviterId: number, to: { email: string; name?: string }) {
      const inviter = await users.findById(inviterId);
      const name = inviter?.fullName ?? NOTICE_TEXTS.someone;
      // It names the inviter: it goes with their account, and never reaches someone they blocked.
      await enqueueEmail({ ...inviteEmail(name, to, linkOrigin, languageOf(inviter?.language)), names: [inviterId] });
    },

    /** Connect: a new pending request; when the other side already asked, this accepts theirs instead. */
    async request(fromId: number, toId: number): Promise<FriendStatus> {
      if (fromId === toId) throw new HttpError(400, messageKey(API_TEXTS, "friendSelf"));
      if (!(await users.findById(toId))) throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      // Blocked either way, the request is silently dropped (the sender is not told of the block).
      if (await blocks.isBlockedEitherWay(fromId, toId)) return "requested";
      const current = await status(fromId, toId);
      if (current === "incoming") {
        await repo.accept(toId, fromId);
        await events.accepted(fromId, toId);
        return "friends";
      }
      if (current !== "none") return current;
      if (await repo.insertRequest(fromId, toId)) {
        await events.requested(fromId, toId);
        return "requested";
      }
      // The other side's request landed first (both clicked Connect at once): both want it, so accept theirs.
      const now = await status(fromId, toId);
      if (now === "incoming" && (await repo.accept(toId, fromId))) {
        await events.accepted(fromId, toId);
        return "friends";
      }
      return status(fromId, toId);
    },

    async accept(addresseeId: number, requesterId: number): Promise<FriendStatus> {
      if (!(await repo.accept(requesterId, addresseeId)))
        throw new HttpError(404, messageKey(API_TEXTS, "friendRequestNotFound"));
      await events.accepted(addresseeId, requesterId);
      return "friends";
    },

    async decline(addresseeId: number, requesterId: number): Promise<FriendStatus> {
      if (!(await repo.deletePending(requesterId, addresseeId)))
        throw new HttpError(404, messageKey(API_TEXTS, "friendRequestNotFound"));
      return "none";
    },

    /** Someone's friends as `viewerId` sees them: across a block neither the person nor the list exists. */
    async friendsOf(viewerId: number, userId: number, limit: number, after?: number) {
      if (!(await users.findById(userId))) throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      if (userId !== viewerId && (await blocks.isBlockedEitherWay(viewerId, userId)))
        throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      const friends = await repo.listFriends(userId, limit, after);
      const hidden = await blocks.blockedAmong(
        viewerId,
        friends.map((f) => f.id),
      );
      return friends.filter((f) => !hidden.has(f.id));
    },

    incoming(userId: number, page: { take: number; after?: KeysetPosition }) {
      return repo.listIncoming(userId, page);
    },
  };
}
