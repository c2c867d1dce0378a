import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { MessageType } from "../../../contract/chat";
import type { Db } from "../../db/client";
import { chatMessages, users } from "../../db/schema";
import { notBlocked } from "../safety";

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
      const where = before
        ? and(eq(chatMessages.groupId, groupId), lt(chatMessages.id, before))
        : eq(chatMessages.groupId, groupId);
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
     * Stores messages whose senders are members of their groups, and returns each with its sender's name,
     * in input order (null where the sender is not a member: nothing stored for it). The membership check,
     * the insert and the names are one statement for the whole batch: one round trip however many arrive
     * together.
     */
    async insertAsMembers(
      inputs: Array<{ groupId: number; userId: number; message: string; messageType: MessageType }>,
    ): Promise<Array<StoredMessage | null>> {
      if (inputs.length === 0) return [];
      const records = inputs.map((m, n) => ({
        n,
        group_id: m.groupId,
        user_id: m.userId,
        message: m.message,
        message_type: m.messageType,
      }));
      const result = (await db.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
            as i(n int, group_id int, user_id int, message text, message_type text)
        ),
        m as (
          insert into chat_messages (group_id, user_id, message, message_type)
          select i.group_id, i.user_id, i.message, i.message_type from input i
          where exists (select 1 from group_members gm where gm.group_id = i.group_id and gm.user_id = i.user_id)
            -- Issue 14.5: nobody posts in a direct conversation with someone blocked either way.
            and not exists (
              select 1 from groups g join group_members other on other.group_id = g.id and other.user_id <> i.user_id
              where g.id = i.group_id and g.is_direct
                and not (${notBlocked(sql`i.user_id`, sql`other.user_id`)}))
          order by i.n
          returning *
        )
        select m.id, m.group_id, m.user_id, m.message, m.message_type, m.attachment_url, m.reference_data, m.sent_at, m.hidden_at, u.full_name
        from m join users u on u.id = m.user_id
        order by m.id`)) as unknown as {
        rows: Array<{
          id: number;
          group_id: number;
          user_id: number;
          message: string;
          message_type: MessageType;
          attachment_url: string | null;
          reference_data: unknown;
          sent_at: string | Date;
          hidden_at: string | Date | null;
          full_name: string;
        }>;
      };
      // Ids follow the input order, so each sender's rows pair up with their inputs in turn.
      const byKey = new Map<string, StoredMessage[]>();
      for (const row of result.rows) {
        const key = `${row.group_id}:${row.user_id}`;
        const list = byKey.get(key) ?? [];
        list.push({
          id: row.id,
          groupId: row.group_id,
          userId: row.user_id,
          message: row.message,
          messageType: row.message_type,
          attachmentUrl: row.attachment_url,
          referenceData: row.reference_data,
          sentAt: new Date(row.sent_at),
          hiddenAt: row.hidden_at ? new Date(row.hidden_at) : null,
          userName: row.full_name,
        });
        byKey.set(key, list);
      }
      return inputs.map((m) => byKey.get(`${m.groupId}:${m.userId}`)?.shift() ?? null);
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;
