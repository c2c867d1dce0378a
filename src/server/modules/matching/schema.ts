import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { MeetingStatus } from "#contract/matching-texts";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

/** Orders every change of an opt-in, so an instance's kept list of an event's people reads only what changed since. */
export const eventMatchingSeq = pgSequence("event_matching_seq");

/**
 * A person's People to meet at one event: whether others see them, and the phrases they offer and seek there
 * (copied from the profile at first; changed here for this event only). `*_terms` are each phrase's lexemes as
 * PostgreSQL's full-text parser makes them in the person's language, which the ranking compares.
 */
export const eventMatching = pgTable(
  "event_matching",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visible: boolean("visible").notNull(),
    offering: jsonb("offering").$type<string[]>().notNull(),
    seeking: jsonb("seeking").$type<string[]>().notNull(),
    offeringTerms: jsonb("offering_terms").$type<string[][]>().notNull(),
    seekingTerms: jsonb("seeking_terms").$type<string[][]>().notNull(),
    seq: bigint("seq", { mode: "number" }).notNull().default(sql`nextval('event_matching_seq')`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_matching_event_seq_idx").on(t.eventId, t.seq)],
);

/** A one-to-one meeting at an event: asked for by one person, at a time of the event's grid, at a spot once accepted. */
export const meetings = pgTable(
  "meetings",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteeId: integer("invitee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who proposed the current time: the request's sender, or whoever moved it; the other one answers. */
    proposedBy: integer("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    spot: text("spot"),
    note: text("note").notNull().default(""),
    status: text("status").$type<MeetingStatus>().notNull().default("pending"),
    /** Set by the worker that reminds both people shortly before: each meeting is reminded once. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("meetings_event_requester_idx").on(t.eventId, t.requesterId),
    index("meetings_requester_starts_idx").on(t.requesterId, t.startsAt),
    index("meetings_invitee_starts_idx").on(t.inviteeId, t.startsAt),
    index("meetings_due_idx").on(t.startsAt).where(sql`${t.status} = 'accepted' and ${t.remindedAt} is null`),
    // Two accepted meetings never share a spot at one time, whatever the locks.
    uniqueIndex("meetings_spot_idx")
      .on(t.eventId, t.spot, t.startsAt)
      .where(sql`${t.status} = 'accepted' and ${t.spot} is not null`),
    check("meetings_two_people", sql`${t.requesterId} <> ${t.inviteeId}`),
    check("meetings_status", sql`${t.status} in ('pending', 'accepted', 'declined', 'canceled')`),
  ],
);
