import { and, arrayContains, asc, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import type { MailMessage } from "#server/mail";
import { eventColumns, eventVisibleTo, personVisibleTo } from "../visibility";
import { outbox } from "./schema";

/** A moment on the database's clock, the one `next_attempt_at <= now()` is compared with (app clocks may drift). */
const databaseTimeIn = (ms: number): SQL => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;

/**
 * Deletes, within the caller's transaction, every e-mail about a person whose account goes, sent or still
 * queued: to their address, naming them (`names`), or with this subject (an invitation naming them in it).
 */
export async function forgetMail(db: Tx, person: { id: number; email: string }, subject: string) {
  await db
    .delete(outbox)
    .where(or(eq(outbox.to, person.email), arrayContains(outbox.namedIds, [person.id]), eq(outbox.subject, subject)));
}

export function outboxRepository(db: Db) {
  return {
    async insert({ names, recipientId, eventId, ...message }: MailMessage) {
      const [row] = await db
        .insert(outbox)
        .values({
          ...message,
          namedIds: [...new Set(names ?? [])],
          recipientId: recipientId ?? null,
          eventId: eventId ?? null,
        })
        .returning({ id: outbox.id });
      return row.id;
    },
    /**
     * Deletes the pending e-mails whose text may no longer reach their reader: about an event the recipient
     * may no longer open (hidden, its host suspended, a block with a host...), or naming someone who is gone
     * or blocked either way with the recipient. The visibility owner's rules, applied when the mail would go,
     * whenever and however it was queued.
     */
    async withdrawStale() {
      const recipient = sql`${outbox.recipientId}`;
      await db.delete(outbox).where(
        and(
          eq(outbox.status, "pending"),
          sql`(
            (${outbox.eventId} is not null and ${recipient} is not null and not exists (select 1 from events e
              where e.id = ${outbox.eventId} and ${eventVisibleTo(recipient, eventColumns("e"))}))
            or exists (select 1 from unnest(${outbox.namedIds}) n(id) where not exists (select 1 from users u
              where u.id = n.id and (${recipient} is null or ${personVisibleTo(recipient, sql`u.id`)}))))`,
        ),
      );
    },
    /** Claims up to `batch` due rows (`FOR UPDATE SKIP LOCKED`) and moves each a lease ahead; counts the attempt. */
    async claimDue(batch: number, leaseMs: number) {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(batch)
        .for("update", { skipLocked: true });
      return db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: databaseTimeIn(leaseMs) })
        .where(inArray(outbox.id, due))
        .returning();
    },
    async markSent(id: number) {
      await db.update(outbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
    },
    async markFailed(id: number, lastError: string) {
      await db.update(outbox).set({ status: "failed", lastError }).where(eq(outbox.id, id));
    },
    async retryAfter(id: number, lastError: string, delayMs: number) {
      await db
        .update(outbox)
        .set({ lastError, nextAttemptAt: databaseTimeIn(delayMs) })
        .where(eq(outbox.id, id));
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
