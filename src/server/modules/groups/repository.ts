import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { KeysetPosition } from "#contract/fields";
import type { VoteValue } from "#contract/groups";
import type { Db, Tx } from "#server/db/client";
import { afterKeyset, keysetTime } from "#server/http/pagination";
import { chatMessages } from "#server/modules/chat/read-sql";
import { eventConversations } from "#server/modules/event-conversation/read-sql";
import { events } from "#server/modules/events/read-sql";
import { groupInvites } from "#server/modules/invites/read-sql";
import { personSummary, users } from "#server/modules/users/read-sql";
import { mintInvite, requireInvite, spendInviteUse } from "../invites";
import { groupMemberVisibleTo, groupOpenTo } from "../visibility";
import { eventVotes } from "./plan-votes-schema";
import { groupMembers, groups } from "./schema";

export type Role = "admin" | "member";

/** Makes these people members with `role` (whoever is in already stays as they are); answers who joined now. */
export async function addMembers(tx: Tx, groupId: number, userIds: number[], role: Role = "member") {
  if (userIds.length === 0) return [];
  const joined = await tx
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ groupId, userId, role })))
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return joined.map((m) => m.userId);
}

/** A group with its creator as admin and `memberIds` as members, within the caller's transaction. */
export async function insertGroup(
  tx: Tx,
  values: Omit<typeof groups.$inferInsert, "createdBy"> & { createdBy: number },
  memberIds: number[] = [],
) {
  const [group] = await tx.insert(groups).values(values).returning();
  await addMembers(tx, group.id, [values.createdBy], "admin");
  await addMembers(
    tx,
    group.id,
    memberIds.filter((id) => id !== values.createdBy),
  );
  return group;
}

/**
 * Joins the group an invite code leads to, within the caller's transaction (registration through an invite
 * stores the account in the same one). An existing member is answered without counting a use; otherwise the
 * invites module counts the use or throws InviteUnusableError, which rolls the membership back with it.
 */
export async function joinWithInvite(tx: Tx, code: string, userId: number, now: Date) {
  const invite = await requireInvite(tx, code);
  const [group] = await tx.select().from(groups).where(eq(groups.id, invite.groupId)).limit(1);
  const joined = await addMembers(tx, invite.groupId, [userId]);
  if (joined.length === 0) return { group, alreadyMember: true };
  await spendInviteUse(tx, invite, now);
  return { group, alreadyMember: false };
}

/** Deletes the person's direct conversations (their pair key holds the person's id), within the caller's transaction. */
export async function deleteDirectConversationsOf(tx: Tx, userId: number) {
  const direct = tx
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.isDirect, true), eq(groupMembers.userId, userId)));
  await tx.delete(groups).where(inArray(groups.id, direct));
}

/** Deletes these groups with their members and messages, within the caller's transaction. */
export async function deleteGroups(tx: Tx, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await tx.delete(groups).where(inArray(groups.id, groupIds));
}

/**
 * Takes the person out of the group, within the caller's transaction. For a group whose admin stays (an
 * event's conversation keeps its host), so no one is promoted and no group lock is taken.
 */
export async function removeMemberKeepingAdmin(tx: Tx, groupId: number, userId: number) {
  await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

/**
 * Holds these groups' rows until the transaction ends, in id order. Whoever removes a membership takes it
 * first: otherwise the admin leaving and the member who would take over leaving at the same moment each
 * see the other still there, and the group is left with members and no admin.
 */
export async function lockGroups(tx: Tx, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await tx
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, groupIds))
    .orderBy(asc(groups.id))
    .for("no key update");
}

/**
 * Of these groups (locked by lockGroups), each left without an admin (its last one left, was removed or deleted the account)
 * makes its longest-standing member admin, so no group is ever left with nobody to manage it.
 */
export async function promoteWhereNoAdmin(tx: Tx | Db, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await tx.execute(sql`
    update group_members gm set role = 'admin'
    from (
      select distinct on (m.group_id) m.group_id, m.user_id
      from group_members m
      where m.group_id in (${sql.join(
        groupIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and not exists (select 1 from group_members a where a.group_id = m.group_id and a.role = 'admin')
      order by m.group_id, m.joined_at, m.user_id
    ) next
    where gm.group_id = next.group_id and gm.user_id = next.user_id`);
}

/** The unordered pair of a direct conversation, "low:high". */
const directPairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** A person's votes on plans, for their data export. */
export function planVotesBy(db: Db, userId: number) {
  return db.select().from(eventVotes).where(eq(eventVotes.userId, userId));
}

export function groupsRepository(db: Db) {
  return {
    async findGroup(groupId: number) {
      const [row] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
      return row;
    },

    async isMember(groupId: number, userId: number) {
      const [row] = await db
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    async roleOf(groupId: number, userId: number): Promise<Role | null> {
      const [row] = await db
        .select({ role: groupMembers.role })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), groupOpenTo(userId, groupId)))
        .limit(1);
      return row?.role ?? null;
    },

    /** The user's groups with role and last-read position, newest activity first is left to the caller. */
    async listForUser(userId: number, page: { take: number; afterId?: number }) {
      const rows = await db
        .select({
          group: groups,
          role: groupMembers.role,
          lastRead: groupMembers.lastReadMessageId,
          conversationOf: eventConversations.eventId,
        })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .leftJoin(eventConversations, eq(eventConversations.groupId, groups.id))
        .where(
          and(
            eq(groupMembers.userId, userId),
            // An event's guests' conversation goes with the event: not once it is hidden or across a block with a host.
            groupOpenTo(userId, groups.id),
            page.afterId === undefined ? undefined : gt(groups.id, page.afterId),
          ),
        )
        .orderBy(asc(groups.id))
        .limit(page.take);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.group.id);
      const memberCounts = await db
        .select({ groupId: groupMembers.groupId, n: count() })
        .from(groupMembers)
        .where(inArray(groupMembers.groupId, ids))
        .groupBy(groupMembers.groupId);
      // Unread: others' messages past this member's last-read id; the (group_id, id) index serves it.
      const unread = await db
        .select({ groupId: chatMessages.groupId, n: count() })
        .from(chatMessages)
        .innerJoin(groupMembers, and(eq(groupMembers.groupId, chatMessages.groupId), eq(groupMembers.userId, userId)))
        .where(and(gt(chatMessages.id, groupMembers.lastReadMessageId), ne(chatMessages.userId, userId)))
        .groupBy(chatMessages.groupId);
      const lastIds = await db
        .select({ id: sql<number>`max(${chatMessages.id})`.mapWith(Number) })
        .from(chatMessages)
        .where(inArray(chatMessages.groupId, ids))
        .groupBy(chatMessages.groupId);
      const lastMessages = await this.messagesByIds(lastIds.map((r) => r.id));
      return rows.map((r) => ({
        ...r,
        members: memberCounts.find((m) => m.groupId === r.group.id)?.n ?? 0,
        unreadCount: unread.find((u) => u.groupId === r.group.id)?.n ?? 0,
        lastMessage: lastMessages.find((m) => m.groupId === r.group.id) ?? null,
      }));
    },

    async messagesByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ message: chatMessages, userName: users.fullName })
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.userId))
        .where(inArray(chatMessages.id, ids))
        .then((rows) => rows.map((r) => ({ ...r.message, userName: r.userName })));
    },

    /** A group with its creator as admin; direct conversations are made by openDirectGroup only. */
    async createGroup(
      input: { name: string; description: string; imageUrl: string | null; isPrivate: boolean },
      creatorId: number,
      invite: { code: string; expiresAt: Date; maxUses: number } | null,
    ) {
      return db.transaction(async (tx) => {
        const group = await insertGroup(tx, {
          ...input,
          isDirect: false,
          inviteCode: invite?.code ?? null,
          createdBy: creatorId,
        });
        if (invite) await mintInvite(tx, group.id, creatorId, invite);
        return group;
      });
    },

    /**
     * The one direct conversation of two users, created on first use. Its pair key is unique, so
     * two "Message" clicks from both sides at once end in one conversation: the loser's
     * insert does nothing and it reads the winner's row. Whoever had left it is a member again.
     */
    async openDirectGroup(userId: number, otherId: number, name: string) {
      const directPair = directPairKey(userId, otherId);
      const [existing] = await db.select().from(groups).where(eq(groups.directPair, directPair)).limit(1);
      if (existing && (await this.memberCount(existing.id)) === 2) return { group: existing, created: false };
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(groups)
          .values({
            name,
            description: "",
            imageUrl: null,
            isPrivate: true,
            isDirect: true,
            directPair,
            createdBy: userId,
          })
          .onConflictDoNothing({ target: groups.directPair })
          .returning();
        const group = inserted ?? (await tx.select().from(groups).where(eq(groups.directPair, directPair)).limit(1))[0];
        await addMembers(tx, group.id, [userId, otherId], "admin");
        return { group, created: Boolean(inserted) };
      });
    },

    /** Of these users, the members who may read the group now (the visibility rule): one query for every socket a hub checks. */
    async openMembersAmong(groupId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.groupId, groupId),
            inArray(groupMembers.userId, userIds),
            groupOpenTo(groupMembers.userId, groupId),
          ),
        );
      return new Set(rows.map((r) => r.userId));
    },

    /** Just ids and names, for the socket's auth_success. */
    async namesForUser(userId: number) {
      return db
        .select({ id: groups.id, name: groups.name })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(and(eq(groupMembers.userId, userId), groupOpenTo(userId, groups.id)))
        .orderBy(asc(groups.id));
    },

    /** The members `viewerId` may see (an event's guests' conversation shows its guests as its guest list allows). */
    async listMembers(viewerId: number, groupId: number, page: { take: number; after?: KeysetPosition }) {
      return db
        .select({
          ...personSummary,
          role: groupMembers.role,
          joinedAt: groupMembers.joinedAt,
        })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(
          and(
            eq(groupMembers.groupId, groupId),
            groupMemberVisibleTo(viewerId, groupId, users.id),
            afterKeyset(groupMembers.joinedAt, users.id, page.after),
          ),
        )
        .orderBy(keysetTime(groupMembers.joinedAt), asc(users.id))
        .limit(page.take);
    },

    async memberIds(groupId: number) {
      const rows = await db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, groupId));
      return rows.map((r) => r.id);
    },

    async listInvites(groupId: number, page: { take: number; beforeId?: number }) {
      return db
        .select()
        .from(groupInvites)
        .where(
          and(
            eq(groupInvites.groupId, groupId),
            page.beforeId === undefined ? undefined : lt(groupInvites.id, page.beforeId),
          ),
        )
        .orderBy(desc(groupInvites.id))
        .limit(page.take);
    },

    async insertInvite(groupId: number, createdBy: number, invite: { code: string; expiresAt: Date; maxUses: number }) {
      const row = await mintInvite(db, groupId, createdBy, invite);
      // The group's inviteCode shows its newest link: the one people share as {origin}/invite/{inviteCode}.
      await db.update(groups).set({ inviteCode: invite.code }).where(eq(groups.id, groupId));
      return row;
    },

    /** Joins the group an invite code leads to (see joinWithInvite), in a transaction of its own. */
    async joinWithInvite(code: string, userId: number, now: Date) {
      return db.transaction((tx) => joinWithInvite(tx, code, userId, now));
    },

    /** Removes a member; when the last admin goes, the longest-standing member becomes admin. */
    async removeMember(groupId: number, userId: number) {
      return db.transaction(async (tx) => {
        await lockGroups(tx, [groupId]);
        const removed = await tx
          .delete(groupMembers)
          .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
          .returning();
        if (removed.length === 0) return false;
        await promoteWhereNoAdmin(tx, [groupId]);
        return true;
      });
    },

    async markRead(groupId: number, userId: number, messageId: number | undefined) {
      const target =
        messageId ??
        (
          await db
            .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)`.mapWith(Number) })
            .from(chatMessages)
            .where(eq(chatMessages.groupId, groupId))
        )[0].id;
      // Never moves backwards: a late "read" from an old tab cannot resurrect unread messages.
      await db
        .update(groupMembers)
        .set({ lastReadMessageId: sql`greatest(${groupMembers.lastReadMessageId}, ${target})` })
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
      return target;
    },

    async listGroupEvents(groupId: number, userId: number, page: { take: number; after?: KeysetPosition }) {
      const rows = await db
        .select()
        .from(events)
        .where(
          and(eq(events.groupId, groupId), isNull(events.canceledAt), afterKeyset(events.date, events.id, page.after)),
        )
        .orderBy(keysetTime(events.date), asc(events.id))
        .limit(page.take);
      if (rows.length === 0) return [];
      const votes = await db
        .select({ eventId: eventVotes.eventId, userId: eventVotes.userId, vote: eventVotes.vote })
        .from(eventVotes)
        .where(
          inArray(
            eventVotes.eventId,
            rows.map((r) => r.id),
          ),
        );
      return rows.map((event) => ({
        event,
        votes: votes.filter((v) => v.eventId === event.id),
        myVote: votes.find((v) => v.eventId === event.id && v.userId === userId)?.vote ?? null,
      }));
    },

    async findGroupEvent(groupId: number, eventId: number) {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.groupId, groupId)))
        .limit(1);
      return row;
    },

    /** Who voted what on a plan voted on as a whole. */
    async planVotes(eventId: number) {
      return db
        .select({ userId: eventVotes.userId, vote: eventVotes.vote })
        .from(eventVotes)
        .where(eq(eventVotes.eventId, eventId));
    },

    async upsertVote(eventId: number, userId: number, vote: VoteValue) {
      await db
        .insert(eventVotes)
        .values({ eventId, userId, vote })
        .onConflictDoUpdate({ target: [eventVotes.eventId, eventVotes.userId], set: { vote, createdAt: new Date() } });
      return db
        .select({ vote: eventVotes.vote, n: count() })
        .from(eventVotes)
        .where(eq(eventVotes.eventId, eventId))
        .groupBy(eventVotes.vote);
    },

    /** Every member's id and name: whose published availability a group sees. */
    /** Each member's name, and profile zone (a notice to them writes times in it too). */
    async memberNames(groupId: number) {
      return db
        .select({ id: users.id, fullName: users.fullName, timezone: users.timezone })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(eq(groupMembers.groupId, groupId));
    },

    async memberCount(groupId: number) {
      const [row] = await db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
      return row.n;
    },
  };
}
export type GroupsRepository = ReturnType<typeof groupsRepository>;
