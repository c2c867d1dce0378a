import { EVENT_NOTICES } from "#contract/event-notices";
import { FOLLOW_TEXTS, type FollowState, followedHostingNotice } from "#contract/follows";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import type { NotificationsService } from "../notifications";
import type { FollowsRepository } from "./repository";

export function followsService({
  repo,
  userExists,
  blockedEitherWay,
  notifications,
}: {
  repo: FollowsRepository;
  userExists: (id: number) => Promise<boolean>;
  /** Today's block check of the safety module: a block keeps two people from following each other. */
  blockedEitherWay: (a: number, b: number) => Promise<boolean>;
  notifications: NotificationsService;
}) {
  async function state(viewerId: number, userId: number): Promise<FollowState> {
    const [following, followers] = await Promise.all([repo.isFollowing(viewerId, userId), repo.followerCount(userId)]);
    return { following, followers };
  }

  return {
    state,
    async follow(viewerId: number, userId: number): Promise<FollowState> {
      if (viewerId === userId) throw new HttpError(400, messageKey(FOLLOW_TEXTS, "followSelf"));
      // Across a block each side is as if gone to the other: the same answer as an unknown id.
      if (!(await userExists(userId)) || (await blockedEitherWay(viewerId, userId)))
        throw new HttpError(404, messageKey(FOLLOW_TEXTS, "notFound"));
      await repo.follow(viewerId, userId);
      return state(viewerId, userId);
    },
    async unfollow(viewerId: number, userId: number): Promise<FollowState> {
      // The same answer as following: a block is not told apart from an unknown id.
      if (!(await userExists(userId)) || (await blockedEitherWay(viewerId, userId)))
        throw new HttpError(404, messageKey(FOLLOW_TEXTS, "notFound"));
      await repo.unfollow(viewerId, userId);
      return state(viewerId, userId);
    },
    /** A host published an event anyone may find: everyone following them hears "<name> is hosting <title>". */
    async eventPublished(host: { id: number; fullName: string }, event: { id: number; title: string }) {
      const followers = await repo.followerIds(host.id);
      // The follows module's notice, with the words that write it in each follower's language.
      const notice = {
        ...followedHostingNotice(host.fullName, event),
        ...EVENT_NOTICES.newEvent(event, host.fullName),
      };
      await notifications.notifyAll(followers, { ...notice, fromUserId: host.id });
    },
  };
}
