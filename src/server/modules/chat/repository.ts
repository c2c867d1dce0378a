import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { MessageType } from "../../../contract/chat";
import type { Db } from "../../db/client";
import { chatMessages, users } from "../../db/schema";

export type StoredMessage = typeof chatMessages.$inferSelect & { userName: string };

export function chatRepository(db: Db) {
  const select = () =>
    db
      .select({ message: chatMessages, userName: users.fullName })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId));
  const flatten = (rows: { message: typeof chatMessages.$inferSelect; userName: string }[]): StoredMessage[] =>
    rows.map((r) => ({ ...r.message, userName: r.userName }));

  return {
    /** Newest page first: the `limit` messages before `before` (or the latest), returned oldest to newest. */
    async pageBefore(groupId: number, before: number | undefined, limit: number) {
      const where = before ? and(eq(chatMessages.groupId, groupId), lt(chatMessages.id, before)) : eq(chatMessages.groupId, groupId);
      const rows = await select().where(where).orderBy(desc(chatMessages.id)).limit(limit);
      return flatten(rows).reverse();
    },
    /** Catch-up after a reconnect: what arrived after the last id the client holds, oldest first. */
    async pageAfter(groupId: number, after: number, limit: number) {
      const rows = await select()
        .where(and(eq(chatMessages.groupId, groupId), gt(chatMessages.id, after)))
        .orderBy(asc(chatMessages.id))
        .limit(limit);
      return flatten(rows);
    },
    /**
     * Stores a message only if its sender is a member of the group, and returns it with the sender's name:
     * the membership check, the insert and the name are one statement (one round trip per message).
     * Null when the sender is not a member (nothing stored).
     */
    async insertAsMember(input: { groupId: number; userId: number; message: string; messageType: MessageType }): Promise<StoredMessage | null> {
      const result = (await db.execute(sql`
        with m as (
          insert into chat_messages (group_id, user_id, message, message_type)
          select ${input.groupId}, ${input.userId}, ${input.message}, ${input.messageType}
          where exists (select 1 from group_members gm where gm.group_id = ${input.groupId} and gm.user_id = ${input.userId})
          returning *
        )
        select m.id, m.group_id, m.user_id, m.message, m.message_type, m.attachment_url, m.reference_data, m.sent_at, u.full_name
        from m join users u on u.id = m.user_id`)) as unknown as {
        rows: Array<{
          id: number;
          group_id: number;
          user_id: number;
          message: string;
          message_type: string;
          attachment_url: string | null;
          reference_data: unknown;
          sent_at: string | Date;
          full_name: string;
        }>;
      };
      const row = result.rows[0];
      if (!row) return null;
      return {
        id: row.id,
        groupId: row.group_id,
        userId: row.user_id,
        message: row.message,
        messageType: row.message_type,
        attachmentUrl: row.attachment_url,
        referenceData: row.reference_data,
        sentAt: new Date(row.sent_at),
        userName: row.full_name,
      };
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;
