import { and, eq, inArray, or } from "drizzle-orm";
import { NAME_MAX } from "#contract/limits";
import type { Db, Tx } from "#server/db/client";
import { events } from "#server/modules/events/read-sql";
import { groupMembers, groups } from "#server/modules/groups/read-sql";
import { addMembers, deleteGroups, insertGroup, removeMemberKeepingAdmin } from "../groups";
import { conversationMutes, eventConversations } from "./schema";

/**
 * A guest who stops going (or is taken out) leaves the event's conversation, within the transaction that
 * changed their answer; the host stays, so the conversation keeps its admin.
 */
export async function leaveEventConversation(tx: Tx, event: { id: number; hostId: number }, userId: number) {
  if (userId === event.hostId) return;
  const [row] = await tx
    .select({ groupId: eventConversations.groupId })
    .from(eventConversations)
    .where(eq(eventConversations.eventId, event.id))
    .limit(1);
  if (row) await removeMemberKeepingAdmin(tx, row.groupId, userId);
}

/**
 * Before an account goes, within its deletion's transaction: the conversations of the events that go with it
 * (those it hosts, and the plans of its direct conversations) are deleted with their groups, which the
 * events' cascade would otherwise leave behind.
 */
export async function dropConversationsGoingWith(tx: Tx, userId: number) {
  await deleteGroups(tx, await conversationGroupsGoingWith(tx, userId));
}

/** The groups of the conversations of the events a person hosts or that are plans of their direct conversations. */
async function conversationGroupsGoingWith(tx: Tx, userId: number): Promise<number[]> {
  return (
    await tx
      .select({ groupId: eventConversations.groupId })
      .from(eventConversations)
      .innerJoin(events, eq(events.id, eventConversations.eventId))
      .where(
        or(
          eq(events.hostId, userId),
          inArray(
            events.groupId,
            tx
              .select({ id: groupMembers.groupId })
              .from(groupMembers)
              .innerJoin(groups, eq(groups.id, groupMembers.groupId))
              .where(and(eq(groups.isDirect, true), eq(groupMembers.userId, userId))),
          ),
        ),
      )
  ).map((row) => row.groupId);
}

/** Thrown inside the creating transaction when another request made the conversation first: rolls its group back. */
class MadeElsewhere extends Error {}

/**
 * The conversation is a group (made and joined through the groups module): creating one writes the group and
 * its members with the link row in one transaction, so two first uses at once end in one conversation and no
 * orphan group.
 */
export function eventConversationRepository(db: Db) {
  async function groupOf(eventId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ groupId: eventConversations.groupId })
      .from(eventConversations)
      .where(eq(eventConversations.eventId, eventId))
      .limit(1);
    return row?.groupId;
  }

  return {
    groupOf,
    /** The event whose guests' conversation this group is, if it is one. */
    async eventOf(groupId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ eventId: eventConversations.eventId })
        .from(eventConversations)
        .where(eq(eventConversations.groupId, groupId))
        .limit(1);
      return row?.eventId;
    },
    /** The conversation's group, made now with the host as admin and `memberIds` as members when there is none. */
    async open(event: { id: number; title: string; hostId: number }, memberIds: number[]) {
      const found = await groupOf(event.id);
      if (found !== undefined) return found;
      try {
        return await db.transaction(async (tx) => {
          const group = await insertGroup(
            tx,
            {
              name: event.title.slice(0, NAME_MAX),
              // None stored: each reader's screen names it in their own language.
              description: "",
              isPrivate: true,
              isDirect: false,
              createdBy: event.hostId,
            },
            memberIds,
          );
          const linked = await tx
            .insert(eventConversations)
            .values({ eventId: event.id, groupId: group.id })
            .onConflictDoNothing()
            .returning();
          if (linked.length === 0) throw new MadeElsewhere();
          return group.id;
        });
      } catch (error) {
        if (!(error instanceof MadeElsewhere)) throw error;
        return (await groupOf(event.id)) as number;
      }
    },
    /** A guest going now who was not yet in the conversation joins it. */
    async ensureMember(groupId: number, userId: number) {
      await addMembers(db, groupId, [userId]);
    },
    async isMuted(groupId: number, userId: number) {
      const [row] = await db
        .select({ userId: conversationMutes.userId })
        .from(conversationMutes)
        .where(and(eq(conversationMutes.groupId, groupId), eq(conversationMutes.userId, userId)))
        .limit(1);
      return Boolean(row);
    },
    async setMuted(groupId: number, userId: number, muted: boolean) {
      if (muted) await db.insert(conversationMutes).values({ groupId, userId }).onConflictDoNothing();
      else
        await db
          .delete(conversationMutes)
          .where(and(eq(conversationMutes.groupId, groupId), eq(conversationMutes.userId, userId)));
    },
    /** Who muted this group (any group: only conversations are ever muted). */
    async mutedIds(groupId: number): Promise<Set<number>> {
      const rows = await db
        .select({ userId: conversationMutes.userId })
        .from(conversationMutes)
        .where(eq(conversationMutes.groupId, groupId));
      return new Set(rows.map((r) => r.userId));
    },
  };
}
export type EventConversationRepository = ReturnType<typeof eventConversationRepository>;
