import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { groupMembers, groups } from "#server/modules/groups/schema";
import { groupInvites } from "./schema";

/** Thrown inside the join transaction so the member insert rolls back with the refused use. */
export class InviteUnusableError extends Error {
  constructor(readonly reason: "expired" | "used_up" | "not_found") {
    super(reason);
  }
}

export function invitesRepository(db: Db) {
  return {
    async findByCode(code: string) {
      const [row] = await db
        .select({ invite: groupInvites, group: groups })
        .from(groupInvites)
        .innerJoin(groups, eq(groups.id, groupInvites.groupId))
        .where(eq(groupInvites.code, code))
        .limit(1);
      if (!row) return undefined;
      const [members] = await db
        .select({ n: count() })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, row.group.id));
      return { ...row, memberCount: members.n };
    },

    /**
     * Adds the user and counts one use in one transaction. The use is a conditional UPDATE
     * (uses < max and not expired): concurrent joins queue on the invite row and the
     * re-checked condition lets exactly maxUses of them through. An existing member is
     * answered without counting a use.
     */
    async join(code: string, userId: number, now: Date) {
      return db.transaction((tx) => joinWithInvite(tx, code, userId, now));
    },
  };
}
export type InvitesRepository = ReturnType<typeof invitesRepository>;

/** A transaction handle, or the database itself: what joinWithInvite writes through. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The join itself, inside the caller's transaction: registration through an invite
 * creates the account and spends the invite's use in one transaction, so a refused use stores no
 * account. Throws InviteUnusableError, which rolls the caller's transaction back.
 */
export async function joinWithInvite(tx: Tx, code: string, userId: number, now: Date) {
  const [invite] = await tx.select().from(groupInvites).where(eq(groupInvites.code, code)).limit(1);
  if (!invite) throw new InviteUnusableError("not_found");
  const [group] = await tx.select().from(groups).where(eq(groups.id, invite.groupId)).limit(1);
  const inserted = await tx
    .insert(groupMembers)
    .values({ groupId: invite.groupId, userId, role: "member" })
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  if (inserted.length === 0) return { group, alreadyMember: true };
  const used = await tx
    .update(groupInvites)
    .set({ currentUses: sql`${groupInvites.currentUses} + 1` })
    .where(
      and(
        eq(groupInvites.id, invite.id),
        lt(groupInvites.currentUses, groupInvites.maxUses),
        gt(groupInvites.expiresAt, now),
      ),
    )
    .returning({ id: groupInvites.id });
  if (used.length === 0) throw new InviteUnusableError(invite.expiresAt <= now ? "expired" : "used_up");
  return { group, alreadyMember: false };
}
