import { and, asc, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { MessageType } from "#contract/chat";
import type { Db } from "#server/db/client";
import { preparedStatement } from "#server/db/prepared";
import { users } from "#server/modules/users/read-sql";
import { groupOpenTo, notBlocked } from "../visibility";
import { chatMessages } from "./schema";

export type StoredMessage = typeof chatMessages.$inferSelect & {
  userName: string;
  /** Stored by an earlier send with the same clientId: this call stored nothing. */
  repeated?: boolean;
};

/** A chat message as the raw SQL reads it, with its sender's name. */
type MessageRow = {
  id: number;
  group_id: number;
  user_id: number;
  message: string;
  message_type: MessageType;
  attachment_url: string | null;
  reference_data: unknown;
  sent_at: string | Date;
  hidden_at: string | Date | null;
  client_id: string | null;
  full_name: string;
};

function fromRow(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    groupId: row.group_id,
    userId: row.user_id,
    message: row.message,
    messageType: row.message_type,
    attachmentUrl: row.attachment_url,
    referenceData: row.reference_data,
    sentAt: new Date(row.sent_at),
    hiddenAt: row.hidden_at ? new Date(row.hidden_at) : null,
    clientId: row.client_id,
    userName: row.full_name,
  };
}

/** The advisory lock that takes chat batches in turn (any fixed number no other lock uses). */
const CHAT_INSERT_LOCK = 7_201_024;

/** The messages a person wrote, hidden ones too, for their data export. */
export function messagesWrittenBy(db: Db, userId: number) {
  return db.select().from(chatMessages).where(eq(chatMessages.userId, userId)).orderBy(chatMessages.id);
}

export function chatRepository(db: Db) {
  const select = () =>
    db
      .select({ message: chatMessages, userName: users.fullName })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId));
  const flatten = (rows: { message: typeof chatMessages.$inferSelect; userName: string }[]): StoredMessage[] =>
    rows.map((r) => ({ ...r.message, userName: r.userName }));

  /**
   * Stores a batch (`records`: a JSON array of n, group_id, user_id, message, message_type, client_id) for
   * the senders who may post there; prepared once per connection, so a batch is not planned again each time.
   */
  const insertBatch = preparedStatement<MessageRow>(
    db,
    "chat_insert_batch",
    sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder("records")}::jsonb)
        as i(n int, group_id int, user_id int, message text, message_type text, client_id uuid)
    ),
    -- One batch at a time across instances: two at once lock the same group and user rows for their
    -- foreign keys, and PostgreSQL's shared row locks between them cost far more than the wait.
    turn as (select pg_advisory_xact_lock(${CHAT_INSERT_LOCK}) as held),
    m as (
      insert into chat_messages (group_id, user_id, message, message_type, client_id)
      select i.group_id, i.user_id, i.message, i.message_type, i.client_id from input i
      cross join turn
      join groups g on g.id = i.group_id
      where exists (select 1 from group_members gm where gm.group_id = i.group_id and gm.user_id = i.user_id)
        -- An event's guests' conversation is closed to a guest who may no longer open the event.
        and ${groupOpenTo(sql`i.user_id`, sql`i.group_id`)}
        -- Nobody posts in a direct conversation with someone blocked either way. The case keeps the
        -- block lookup to direct conversations: as a plain "and", the planner may run it for every
        -- member of every group before it filters on is_direct (hundreds of ms for a batch).
        and case when g.is_direct then not exists (
          select 1 from group_members other
          where other.group_id = i.group_id and other.user_id <> i.user_id
            and not (${notBlocked(sql`i.user_id`, sql`other.user_id`)}))
        else true end
      order by i.n
      -- A retried send (same sender and clientId) stores nothing: the repeat is answered below.
      on conflict (user_id, client_id) where client_id is not null do nothing
      returning *
    )
    select m.id, m.group_id, m.user_id, m.message, m.message_type, m.attachment_url, m.reference_data, m.sent_at, m.hidden_at, m.client_id, u.full_name
    from m join users u on u.id = m.user_id
    order by m.id`,
  );

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
    /** True when the group is a direct conversation and its two people blocked each other (either way). */
    async directBlocked(groupId: number, userId: number): Promise<boolean> {
      const result = (await db.execute(sql`
        select 1 from groups g
        where g.id = ${groupId}
          and case when g.is_direct then exists (
            select 1 from group_members other
            where other.group_id = g.id and other.user_id <> ${userId}
              and not (${notBlocked(userId, sql`other.user_id`)}))
          else false end
        limit 1`)) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },
    async newestId(groupId: number): Promise<number> {
      const [row] = await db
        .select({ id: sql<number | null>`max(${chatMessages.id})` })
        .from(chatMessages)
        .where(eq(chatMessages.groupId, groupId));
      return Number(row?.id ?? 0);
    },
    /**
     * Stores messages whose senders are members of their groups, and returns each with its sender's name,
     * in input order (null where the sender is not a member: nothing stored for it). The membership check,
     * the insert and the names are one statement for the whole batch: one round trip however many arrive
     * together.
     */
    async insertAsMembers(
      inputs: Array<{
        groupId: number;
        userId: number;
        message: string;
        messageType: MessageType;
        clientId?: string;
      }>,
    ): Promise<Array<StoredMessage | null>> {
      if (inputs.length === 0) return [];
      const records = inputs.map((m, n) => ({
        n,
        group_id: m.groupId,
        user_id: m.userId,
        message: m.message,
        message_type: m.messageType,
        client_id: m.clientId ?? null,
      }));
      const result = { rows: await insertBatch.execute({ records: JSON.stringify(records) }) };
      // Ids follow the input order, so each sender's rows pair up with their inputs in turn; a row with a
      // clientId pairs with the input that carries it.
      const byKey = new Map<string, StoredMessage[]>();
      const byClientId = new Map<string, StoredMessage>();
      for (const row of result.rows) {
        const stored = fromRow(row);
        if (row.client_id) {
          byClientId.set(`${row.user_id}:${row.client_id}`, stored);
          continue;
        }
        const key = `${row.group_id}:${row.user_id}`;
        byKey.set(key, [...(byKey.get(key) ?? []), stored]);
      }
      // Repeats: the clientIds that stored nothing now name a row stored before (or by an earlier input of this batch).
      const repeats = inputs.filter((m) => m.clientId && !byClientId.has(`${m.userId}:${m.clientId}`));
      if (repeats.length > 0) {
        const known = await select().where(
          or(
            ...repeats.map((m) =>
              and(eq(chatMessages.userId, m.userId), eq(chatMessages.clientId, m.clientId as string)),
            ),
          ),
        );
        for (const row of flatten(known)) byClientId.set(`${row.userId}:${row.clientId}`, { ...row, repeated: true });
      }
      return inputs.map((m) => {
        if (!m.clientId) return byKey.get(`${m.groupId}:${m.userId}`)?.shift() ?? null;
        const key = `${m.userId}:${m.clientId}`;
        const stored = byClientId.get(key);
        // A second input of this batch with the same clientId is a repeat of the first.
        if (stored) byClientId.set(key, { ...stored, repeated: true });
        return stored ?? null;
      });
    },
    /** A moderator hides (or shows again) a message; answers its group, or undefined for no such message. */
    async setHidden(id: number, hidden: boolean) {
      const [row] = await db
        .update(chatMessages)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(chatMessages.id, id))
        .returning({ id: chatMessages.id, groupId: chatMessages.groupId });
      return row;
    },
    /** A message the server writes itself (a plan's card): its kind and reference are not the sender's to choose. */
    async insertCard(input: { groupId: number; userId: number; message: string; referenceData: unknown }) {
      // In turn with the batches: a card's id must not commit after a larger id of its group, or a reader
      // catching up after that larger id would never see the card.
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_INSERT_LOCK})`);
        const [inserted] = await tx
          .insert(chatMessages)
          .values({ ...input, messageType: "event" })
          .returning();
        return inserted;
      });
      const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, input.userId));
      return { ...row, userName: user?.fullName ?? "" } satisfies StoredMessage;
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;
