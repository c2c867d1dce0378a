import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** E-mail queue (migration 0002): a worker claims due pending rows, sends them, retries with back-off. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Extra mail headers (migration 0008): List-Unsubscribe and List-Unsubscribe-Post on notification e-mails. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Migration 0024: the people the text names besides its recipient; it is deleted with any of their accounts. */
    namedIds: integer("named_ids").array().notNull().default(sql`'{}'`),
    /** Migration 0024: the account mailed, when the address is one's; its mail goes with it. */
    recipientId: integer("recipient_id").references(() => users.id, { onDelete: "cascade" }),
    /** Migration 0024: the event the e-mail tells of; sent only while the recipient may still open it. */
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("outbox_status_check", sql`${t.status} IN ('pending', 'sent', 'failed')`),
    index("outbox_named_ids_idx").using("gin", t.namedIds),
  ],
);
