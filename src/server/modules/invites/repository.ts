import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { groupMembers, groups } from "#server/modules/groups/read-sql";
import { InviteUnusableError } from "./errors";
import { groupInvites } from "./schema";

type InviteRow = typeof groupInvites.$inferSelect;

/** An invite lets one more person in while it has not expired and has uses left. */
const usableAt = (now: Date) =>
  and(lt(groupInvites.currentUses, groupInvites.maxUses), gt(groupInvites.expiresAt, now));

/** A new invite link to a group, within the caller's transaction (a group is made with its first link). */
export async function mintInvite(
  tx: Tx,
  groupId: number,
  createdBy: number,
  invite: { code: string; expiresAt: Date; maxUses: number },
) {
  const [row] = await tx
    .insert(groupInvites)
    .values({ groupId, createdBy, ...invite })
    .returning();
  return row;
}

/** The invite a code names; throws InviteUnusableError when there is none. */
export async function requireInvite(tx: Tx, code: string): Promise<InviteRow> {
  const [invite] = await tx.select().from(groupInvites).where(eq(groupInvites.code, code)).limit(1);
  if (!invite) throw new InviteUnusableError("not_found");
  return invite;
}

/**
 * Counts one use of the invite, within the caller's transaction, or throws InviteUnusableError (which
 * rolls the caller's membership back). The use is a conditional UPDATE (uses < max and not expired):
 * concurrent joins queue on the invite row and the re-checked condition lets exactly maxUses of them through.
 */
export async function spendInviteUse(tx: Tx, invite: InviteRow, now: Date) {
  const used = await tx
    .update(groupInvites)
    .set({ currentUses: sql`${groupInvites.currentUses} + 1` })
    .where(and(eq(groupInvites.id, invite.id), usableAt(now)))
    .returning({ id: groupInvites.id });
  if (used.length === 0) throw new InviteUnusableError(invite.expiresAt <= now ? "expired" : "used_up");
}

/** Whether a code names an invite that still lets someone in (registration checks it before spending a grant). */
export async function isInviteUsable(db: Db, code: string, now: Date) {
  const [row] = await db
    .select({ id: groupInvites.id })
    .from(groupInvites)
    .where(and(eq(groupInvites.code, code), usableAt(now)))
    .limit(1);
  return row !== undefined;
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
  };
}
export type InvitesRepository = ReturnType<typeof invitesRepository>;
