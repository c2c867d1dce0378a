import { and, count, eq, or } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { follows } from "./schema";

/** Followers told about one new event at most: a notice fan-out stays one bounded insert. */
const FOLLOWER_NOTICE_MAX = 5000;

/** Ends following both ways between the two, within the caller's transaction (a block's). */
export async function endFollowsBetween(tx: Tx, a: number, b: number) {
  await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followedId, b)),
        and(eq(follows.followerId, b), eq(follows.followedId, a)),
      ),
    );
}

export function followsRepository(db: Db) {
  return {
    async follow(followerId: number, followedId: number) {
      await db.insert(follows).values({ followerId, followedId }).onConflictDoNothing();
    },
    async unfollow(followerId: number, followedId: number) {
      await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
    },
    async isFollowing(followerId: number, followedId: number) {
      const [row] = await db
        .select({ followerId: follows.followerId })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
        .limit(1);
      return Boolean(row);
    },
    async followerCount(followedId: number) {
      const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followedId, followedId));
      return row?.n ?? 0;
    },
    async followerIds(followedId: number) {
      const rows = await db
        .select({ id: follows.followerId })
        .from(follows)
        .where(eq(follows.followedId, followedId))
        .orderBy(follows.followerId)
        .limit(FOLLOWER_NOTICE_MAX);
      return rows.map((r) => r.id);
    },
  };
}
export type FollowsRepository = ReturnType<typeof followsRepository>;
