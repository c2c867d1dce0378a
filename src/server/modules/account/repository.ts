import { and, desc, eq, gt, lte, or, sql } from "drizzle-orm";
import { PRODUCT_NAME } from "#contract/product";
import type { Db } from "#server/db/client";
import { eventInteractions } from "#server/modules/discover/read-sql";
import { events } from "#server/modules/events/read-sql";
import { friendships } from "#server/modules/friends/read-sql";
import { groupMembers, groups } from "#server/modules/groups/read-sql";
import { notifications } from "#server/modules/notifications/read-sql";
import { eventParticipants } from "#server/modules/participants/read-sql";
import { users } from "#server/modules/users/read-sql";
import { endSessionsOf } from "../auth";
import { markedDaysOf } from "../availability";
import { messagesWrittenBy } from "../chat";
import { devicesOf } from "../delivery";
import { forgetEarlyAccessEntry } from "../early-access";
import { dropConversationsGoingWith } from "../event-conversation";
import { deleteDirectConversationsOf, lockGroups, planVotesBy, promoteWhereNoAdmin } from "../groups";
import { forgetUpdatesBy } from "../hosting";
import { forgetNoticesNaming, preferencesOf } from "../notifications";
import { forgetMail } from "../outbox";
import { answersAnyEvent, peopleTakingPart } from "../participants";
import { blocksAndReportsBy, markReportsAboutDeleted } from "../safety";
import { uploadsOf } from "../uploads";
import { deleteUserRow } from "../users";
import { eventVisibleTo, groupOpenTo, noticeVisibleTo } from "../visibility";
import { accountTokens } from "./schema";

type AccountTokenPurpose = "password_reset" | "email_verification";

export function accountRepository(db: Db) {
  return {
    async findUserByEmail(email: string) {
      const [user] = await db
        .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt, language: users.language })
        .from(users)
        .where(eq(users.email, email));
      return user ?? null;
    },

    /** Stores a link's hash; the user's older links of the same purpose stop working (only the newest counts). */
    async replaceToken(input: {
      idHash: string;
      userId: number;
      purpose: AccountTokenPurpose;
      email: string | null;
      expiresAt: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .delete(accountTokens)
          .where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose)));
        await tx.insert(accountTokens).values(input);
      });
    },

    /**
     * Stores one more link beside the user's unexpired ones of the same purpose: a request someone else makes
     * never kills the link already mailed. Expired ones go.
     */
    async addToken(
      input: { idHash: string; userId: number; purpose: AccountTokenPurpose; expiresAt: Date },
      now: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .delete(accountTokens)
          .where(
            and(
              eq(accountTokens.userId, input.userId),
              eq(accountTokens.purpose, input.purpose),
              lte(accountTokens.expiresAt, now),
            ),
          );
        await tx.insert(accountTokens).values({ ...input, email: null });
      });
    },

    /**
     * Spends a link: one DELETE ... RETURNING, so two requests racing with the same token cannot both
     * win; an expired link is deleted too but returns nothing.
     */
    async consumeToken(idHash: string, purpose: AccountTokenPurpose, now: Date) {
      const [row] = await db
        .delete(accountTokens)
        .where(and(eq(accountTokens.idHash, idHash), eq(accountTokens.purpose, purpose)))
        .returning();
      if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
      return row;
    },

    /** Ends the user's sessions but `keep`; returns the hashes of those ended (their sockets close). */
    deleteSessions(userId: number, keep: string | null) {
      return endSessionsOf(db, userId, keep);
    },

    async deleteTokens(userId: number, purpose: AccountTokenPurpose) {
      await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
    },

    async pruneExpiredTokens(now: Date) {
      await db.delete(accountTokens).where(lte(accountTokens.expiresAt, now));
    },

    /** Everything stored about the user (GET /api/account/export); secrets (hashes, keys) left out. */
    async exportOf(user: typeof users.$inferSelect) {
      const userId = user.id;
      const { passwordHash: _password, googleSubject, ...profile } = user;
      const [
        hosted,
        participations,
        interactions,
        votes,
        days,
        friendRows,
        memberships,
        messages,
        inbox,
        files,
        devices,
        prefs,
        safety,
      ] = await Promise.all([
        db.select().from(events).where(eq(events.hostId, userId)).orderBy(events.id),
        db
          .select({
            eventId: eventParticipants.eventId,
            title: events.title,
            date: events.date,
            status: eventParticipants.status,
          })
          .from(eventParticipants)
          .innerJoin(events, eq(events.id, eventParticipants.eventId))
          // The export shows what its pages show: no event hidden by a moderator or across a block with a host.
          .where(and(eq(eventParticipants.userId, userId), eventVisibleTo(userId, events))),
        db.select().from(eventInteractions).where(eq(eventInteractions.userId, userId)),
        planVotesBy(db, userId),
        markedDaysOf(db, userId),
        db
          .select({
            requesterId: friendships.requesterId,
            addresseeId: friendships.addresseeId,
            status: friendships.status,
            createdAt: friendships.createdAt,
            username: users.username,
            fullName: users.fullName,
          })
          .from(friendships)
          .innerJoin(
            users,
            sql`${users.id} = case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`,
          )
          .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId))),
        db
          .select({
            groupId: groups.id,
            name: groups.name,
            isDirect: groups.isDirect,
            isPrivate: groups.isPrivate,
            role: groupMembers.role,
            joinedAt: groupMembers.joinedAt,
          })
          .from(groupMembers)
          .innerJoin(groups, eq(groups.id, groupMembers.groupId))
          .where(and(eq(groupMembers.userId, userId), groupOpenTo(userId, groups.id))),
        messagesWrittenBy(db, userId),
        db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), noticeVisibleTo(userId, notifications)))
          .orderBy(desc(notifications.id)),
        uploadsOf(db, userId),
        devicesOf(db, userId),
        preferencesOf(db, userId),
        blocksAndReportsBy(db, userId),
      ]);
      return {
        profile: { ...profile, googleLinked: googleSubject != null },
        eventsHosted: hosted,
        participations,
        interactions,
        votes,
        availability: days,
        friends: friendRows.map((f) => ({
          userId: f.requesterId === userId ? f.addresseeId : f.requesterId,
          username: f.username,
          fullName: f.fullName,
          status: f.status,
          direction: f.requesterId === userId ? "sent" : "received",
          createdAt: f.createdAt,
        })),
        groups: memberships,
        messages,
        notifications: inbox,
        uploads: files,
        pushDevices: devices,
        notificationPreferences: prefs,
        blocks: safety.blocks,
        reports: safety.reports,
      };
    },

    /** Who should hear that the user's hosted, not yet canceled events are off. */
    async hostedEventsWithPeople(userId: number) {
      const hosted = await db
        .select({ id: events.id, title: events.title })
        .from(events)
        .where(
          and(
            eq(events.hostId, userId),
            sql`${events.canceledAt} is null`,
            gt(events.date, sql`now() - interval '1 day'`),
          ),
        );
      if (hosted.length === 0) return [];
      const people = (
        await peopleTakingPart(
          db,
          hosted.map((e) => e.id),
        )
      ).filter((p) => p.userId !== userId);
      return hosted.map((e) => ({ ...e, people: people.filter((p) => p.eventId === e.id).map((p) => p.userId) }));
    },

    /**
     * Deletes the account and every row naming it. Rows keyed by the user go by ON DELETE CASCADE
     * (sessions, events hosted and their participants, messages, memberships, friendships, uploads,
     * tokens, blocks, reports they filed, notifications of what they did...); this transaction also
     * removes what names the person in free text or outside a foreign key: direct conversations (their
     * pair key holds the id), other people's notifications linking to the person's profile, outbox mail
     * to the address and invitations they sent, an early-access entry. What others need stays: reports about
     * the person are kept for moderators (marked deleted, with the e-mail's keyed hash under `emailKey`),
     * and every group the person was the last admin of gets its longest-standing member as admin.
     * Returns the ended session hashes.
     */
    async deleteAccount(userId: number, emailKey: string): Promise<string[] | null | "takes part"> {
      return db.transaction(async (tx) => {
        // The lock keeps any new row naming the person from being written until the account is gone.
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
        if (!user) return null;
        // Seats are given back by the participants module before this; a join that slipped in meanwhile
        // would be dropped by the cascade with its seat still counted, so the caller releases again.
        if (await answersAnyEvent(tx, userId)) return "takes part";
        const ended = await endSessionsOf(tx, userId);
        // Before the direct conversations and the hosted events go: it finds their guests' conversations.
        await dropConversationsGoingWith(tx, userId);
        await deleteDirectConversationsOf(tx, userId);
        // Other people's notices that name the person (those they acted in go by foreign key).
        await forgetNoticesNaming(tx, userId);
        await forgetUpdatesBy(tx, userId);
        await markReportsAboutDeleted(tx, user, emailKey);
        const memberships = await tx
          .select({ groupId: groupMembers.groupId, role: groupMembers.role })
          .from(groupMembers)
          .where(eq(groupMembers.userId, userId));
        await lockGroups(
          tx,
          memberships.map((m) => m.groupId),
        );
        const administered = memberships.filter((m) => m.role === "admin");
        // Mail to the address, mail naming the person, and invitations they sent (the subject names them).
        await forgetMail(tx, user, `${user.fullName} invited you to ${PRODUCT_NAME}`);
        await forgetEarlyAccessEntry(tx, user.email, user.username);
        await deleteUserRow(tx, userId);
        await promoteWhereNoAdmin(
          tx,
          administered.map((g) => g.groupId),
        );
        return ended;
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
