import { and, asc, eq, gt, or } from "drizzle-orm";
import type { KeysetPosition } from "#contract/fields";
import type { Db } from "#server/db/client";
import { afterKeyset, keysetTime } from "#server/http/pagination";
import { users } from "#server/modules/users/read-sql";
import { notBlocked } from "../visibility";
import { friendships } from "./schema";

export function friendsRepository(db: Db) {
  /** The row between two users in either direction; the primary key and the addressee index serve both lookups. */
  const between = (a: number, b: number) =>
    or(
      and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
      and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
    );

  return {
    async findBetween(a: number, b: number) {
      const [row] = await db.select().from(friendships).where(between(a, b)).limit(1);
      return row;
    },
    /**
     * Stores a pending request; false when a row for the pair already exists in either direction
     * (a double click, or the other side's request sent at the same moment): the primary key and
     * the unordered-pair index friendships_pair_idx keep one row per pair.
     */
    async insertRequest(requesterId: number, addresseeId: number): Promise<boolean> {
      const inserted = await db
        .insert(friendships)
        .values({ requesterId, addresseeId, status: "pending" })
        .onConflictDoNothing()
        .returning({ requesterId: friendships.requesterId });
      return inserted.length > 0;
    },
    /** Accepts the pending request from requesterId to addresseeId; false when there is none. */
    async accept(requesterId: number, addresseeId: number) {
      const rows = await db
        .update(friendships)
        .set({ status: "accepted" })
        .where(
          and(
            eq(friendships.requesterId, requesterId),
            eq(friendships.addresseeId, addresseeId),
            eq(friendships.status, "pending"),
          ),
        )
        .returning({ requesterId: friendships.requesterId });
      return rows.length > 0;
    },
    /** Ends any friendship or pending request between the two, either way (a block does). */
    async endBetween(a: number, b: number) {
      await db.delete(friendships).where(between(a, b));
    },
    async deletePending(requesterId: number, addresseeId: number) {
      const rows = await db
        .delete(friendships)
        .where(
          and(
            eq(friendships.requesterId, requesterId),
            eq(friendships.addresseeId, addresseeId),
            eq(friendships.status, "pending"),
          ),
        )
        .returning({ requesterId: friendships.requesterId });
      return rows.length > 0;
    },
    /** Accepted friends of a user in either direction, by id, `after` being the last id of the previous page. */
    async listFriends(userId: number, limit: number, after = 0) {
      const asRequester = db
        .select({ user: users })
        .from(friendships)
        .innerJoin(users, eq(users.id, friendships.addresseeId))
        .where(and(eq(friendships.requesterId, userId), eq(friendships.status, "accepted"), gt(users.id, after)));
      const asAddressee = db
        .select({ user: users })
        .from(friendships)
        .innerJoin(users, eq(users.id, friendships.requesterId))
        .where(and(eq(friendships.addresseeId, userId), eq(friendships.status, "accepted"), gt(users.id, after)));
      const [a, b] = await Promise.all([
        asRequester.orderBy(asc(users.id)).limit(limit),
        asAddressee.orderBy(asc(users.id)).limit(limit),
      ]);
      return [...a, ...b]
        .map((r) => r.user)
        .sort((x, y) => x.id - y.id)
        .slice(0, limit);
    },
    async listIncoming(userId: number, page: { take: number; after?: KeysetPosition }) {
      return db
        .select({ user: users, createdAt: friendships.createdAt })
        .from(friendships)
        .innerJoin(users, eq(users.id, friendships.requesterId))
        .where(
          and(
            eq(friendships.addresseeId, userId),
            eq(friendships.status, "pending"),
            notBlocked(userId, friendships.requesterId),
            afterKeyset(friendships.createdAt, friendships.requesterId, page.after),
          ),
        )
        .orderBy(keysetTime(friendships.createdAt), asc(friendships.requesterId))
        .limit(page.take);
    },
  };
}
export type FriendsRepository = ReturnType<typeof friendsRepository>;
