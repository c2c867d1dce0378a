import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
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
    async insert(input: { groupId: number; userId: number; message: string; messageType: MessageType }): Promise<StoredMessage> {
      const [row] = await db.insert(chatMessages).values(input).returning();
      const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, input.userId)).limit(1);
      return { ...row, userName: user?.fullName ?? "" };
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;
