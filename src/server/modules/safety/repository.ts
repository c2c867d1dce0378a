import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ReportBody, ReportReason, ReportTargetType } from "#contract/safety";
import type { Db, Tx } from "#server/db/client";
import { chatMessages } from "#server/modules/chat/read-sql";
import { events } from "#server/modules/events/read-sql";
import { users } from "#server/modules/users/read-sql";
import { reports, userBlocks } from "./schema";

/** A transaction's handle, which the service hands to the modules whose writes commit with a block. */
export type { Tx };

/**
 * The keyed hash of an address (lower-cased), written in SQL so that the hash stored at deletion and the
 * one computed for live accounts on the moderators' page are the same function.
 */
function emailHash(key: string, email: SQL | AnyPgColumn | string): SQL {
  return sql`encode(sha256(convert_to(${key}::text || ':' || lower(${email}::text), 'UTF8')), 'hex')`;
}

/**
 * Marks, within the caller's transaction, the reports about the person, their messages or their events as
 * about a deleted account, with the keyed hash of the address (the targets go null by foreign key).
 */
export async function markReportsAboutDeleted(db: Tx, user: { id: number; email: string }, emailKey: string) {
  await db
    .update(reports)
    .set({ subjectDeletedAt: new Date(), subjectEmailHash: emailHash(emailKey, user.email) })
    .where(
      or(
        eq(reports.targetUserId, user.id),
        inArray(
          reports.targetMessageId,
          db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.userId, user.id)),
        ),
        inArray(reports.targetEventId, db.select({ id: events.id }).from(events).where(eq(events.hostId, user.id))),
      ),
    );
}

/** A row of the moderation queue: the report, who filed it, and the person, message or event it is about. */
interface OpenReportRow {
  id: number;
  target_type: ReportTargetType;
  reason: ReportReason;
  details: string;
  created_at: string | Date;
  reporter_id: number | null;
  reporter_name: string | null;
  reporter_username: string | null;
  subject_id: number | null;
  subject_name: string | null;
  subject_username: string | null;
  subject_suspended: boolean | null;
  message_id: number | null;
  message_group_id: number | null;
  message_text: string | null;
  message_hidden: boolean | null;
  event_id: number | null;
  event_title: string | null;
  event_hidden: boolean | null;
  subject_deleted_at: string | Date | null;
  subject_email_hash: string | null;
  again_id: number | null;
  again_name: string | null;
  again_username: string | null;
}

/** The people a person blocked and the reports they filed, for their data export (not who reported them). */
export async function blocksAndReportsBy(db: Db, userId: number) {
  const [blocks, filed] = await Promise.all([
    db
      .select({ blockedId: userBlocks.blockedId, createdAt: userBlocks.createdAt })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, userId)),
    db
      .select({
        id: reports.id,
        targetType: reports.targetType,
        reason: reports.reason,
        details: reports.details,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId)),
  ]);
  return { blocks, reports: filed };
}

export function safetyRepository(db: Db) {
  return {
    /** Stores the block and, in its transaction, what the service says must end with it. */
    async block(blockerId: number, blockedId: number, alongside: (tx: Tx) => Promise<void>) {
      await db.transaction(async (tx) => {
        await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
        await alongside(tx);
      });
    },
    async unblock(blockerId: number, blockedId: number) {
      await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    },
    /** The people I blocked, newest first; `before` is the last id-free position: the previous page's oldest time. */
    async listBlocked(blockerId: number, limit: number) {
      return db
        .select({ user: users, blockedAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, blockerId))
        .orderBy(desc(userBlocks.createdAt), asc(users.id))
        .limit(limit);
    },

    async findMessage(id: number) {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
      return row;
    },
    async insertReport(reporterId: number, body: ReportBody) {
      const [row] = await db
        .insert(reports)
        .values({
          reporterId,
          targetType: body.targetType,
          targetUserId: body.targetType === "user" ? body.targetId : null,
          targetMessageId: body.targetType === "message" ? body.targetId : null,
          targetEventId: body.targetType === "event" ? body.targetId : null,
          reason: body.reason,
          details: body.details ?? "",
        })
        .returning({ id: reports.id });
      return row;
    },

    /**
     * Open reports, oldest first, each with its reporter, its subject and the reported message or event;
     * for a subject who deleted their account, the live account now using the same address (matched by
     * the keyed hash under `emailKey`: one hash per account, computed only for pages holding such reports).
     */
    async openReports(limit: number, after: number, emailKey: string) {
      const rows = (await db.execute(sql`
        with page as (
          select * from reports r where r.resolved_at is null and r.id > ${after} order by r.id limit ${limit}
        ),
        -- Every account's hash is computed once per page, and only when the page holds a deleted subject.
        again as (
          select distinct on (h.hash) h.hash, u.id, u.full_name, u.username
          from users u cross join lateral (select ${emailHash(emailKey, sql`u.email`)} as hash) h
          where exists (select 1 from page where page.subject_email_hash is not null)
            and h.hash in (select page.subject_email_hash from page)
          order by h.hash, u.id
        )
        select r.id, r.target_type, r.reason, r.details, r.created_at,
          rep.id as reporter_id, rep.full_name as reporter_name, rep.username as reporter_username,
          s.id as subject_id, s.full_name as subject_name, s.username as subject_username, s.suspended_at is not null as subject_suspended,
          m.id as message_id, m.group_id as message_group_id, m.message as message_text, m.hidden_at is not null as message_hidden,
          e.id as event_id, e.title as event_title, e.hidden_at is not null as event_hidden,
          r.subject_deleted_at, r.subject_email_hash,
          again.id as again_id, again.full_name as again_name, again.username as again_username
        from page r
        left join users rep on rep.id = r.reporter_id
        left join chat_messages m on m.id = r.target_message_id
        left join events e on e.id = r.target_event_id
        left join users s on s.id = coalesce(r.target_user_id, m.user_id, e.host_id)
        left join again on again.hash = r.subject_email_hash
        order by r.id`)) as unknown as { rows: OpenReportRow[] };
      return rows.rows;
    },
    async resolveReport(id: number, moderatorId: number) {
      const rows = await db
        .update(reports)
        .set({ resolvedAt: new Date(), resolvedBy: moderatorId })
        .where(and(eq(reports.id, id), isNull(reports.resolvedAt)))
        .returning({ id: reports.id });
      if (rows.length > 0) return true;
      const [exists] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id)).limit(1);
      return Boolean(exists);
    },
  };
}
export type SafetyRepository = ReturnType<typeof safetyRepository>;
