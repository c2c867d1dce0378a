import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { FriendGroupId, Industry } from "#contract/categories";
import type { EventType } from "#contract/events";
import type { GroupEventType } from "#contract/groups";
import {
  CHECK_IN_OPENS_HOURS_DEFAULT,
  type EventQuestion,
  type GuestListVisibility,
  type RecurrenceFrequency,
  type WaitlistMode,
} from "#contract/hosting";
import { createdAt } from "#server/db/columns";
import { groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    location: text("location").notNull().default(""),
    latitude: text("latitude").notNull().default(""),
    longitude: text("longitude").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    imageUrl: text("image_url"),
    /** social | networking for discover events; group planning events carry their own kind in groupEventType. */
    type: text("type").$type<EventType>().notNull().default("social"),
    category: text("category").$type<Industry>(),
    /**
     * Whom a social event is for: "all". "host" (its host alone) is what migration 0024 made of audiences
     * Link no longer offers; the visibility rule shows any other value to the host only.
     */
    friendGroupId: text("friend_group_id").$type<FriendGroupId | "host">(),
    hostId: integer("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    maxAttendees: integer("max_attendees"),
    /** Kept in step with going participants inside the same transaction, so the cap holds atomically. */
    goingCount: integer("going_count").notNull().default(0),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "cascade" }),
    groupEventType: text("group_event_type").$type<GroupEventType>(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** Hidden by a moderator: out of feeds and Nearby; its page answers 404 to all but the host. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** The IANA zone its time belongs to: its place's, else its host's when it was made. */
    timezone: text("timezone").notNull().default("UTC"),
    /** The town whose centre stands in for a hand-typed place ("Around San Francisco"); null for an exact pin or none. */
    placeArea: text("place_area"),
    /** What the hosts ask everyone who goes or applies (at most EVENT_QUESTIONS_MAX). */
    questions: jsonb("questions").$type<EventQuestion[]>().notNull().default([]),
    /** How many plus-ones one person may bring; each takes a seat. */
    maxGuestsPerPerson: integer("max_guests_per_person").notNull().default(0),
    /** How many hours before the start its hosts may check guests in (check-in closes when it is over). */
    checkInOpensHours: integer("check_in_opens_hours").notNull().default(CHECK_IN_OPENS_HOURS_DEFAULT),
    /** Who sees who is going; the count is shown to everyone. */
    guestList: text("guest_list").$type<GuestListVisibility>().notNull().default("everyone"),
    /** The series' first occurrence (its own id for that one); null for a one-off event. */
    seriesId: integer("series_id").references((): AnyPgColumn => events.id, { onDelete: "set null" }),
    recurrence: text("recurrence").$type<RecurrenceFrequency>(),
    /** iCalendar SEQUENCE: a trigger (migration 0017) bumps it when the title, text, time, place or cancellation changes. */
    sequence: integer("sequence").notNull().default(0),
    /** When what a calendar shows last changed (the sequence trigger's twin, migration 0018): a sitemap's lastmod. */
    changedAt: timestamp("changed_at", { withTimezone: true }),
    /** The start before the latest move, set by the same trigger: a moved event is "rescheduled" to search engines. */
    previousDate: timestamp("previous_date", { withTimezone: true }),
    /** instant: a freed seat goes to the first waitlisted at once; confirm: they have an hour to confirm it. */
    waitlistMode: text("waitlist_mode").$type<WaitlistMode>().notNull().default("instant"),
    /** Whether its guests may find people to meet and book meetings (the matching module's), how long, where. */
    matchmaking: boolean("matchmaking").notNull().default(false),
    meetingSlotMinutes: integer("meeting_slot_minutes").notNull().default(15),
    meetingSpots: text("meeting_spots").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** The feed's grid cell of (lat, lng): migration 0003, twin of cellOf in modules/discover/ranking-sql.ts. */
    cell: integer("cell").generatedAlwaysAs(
      sql`((floor("lat" / 0.2::float8) + 450) * 2000 + (floor("lng" / 0.2::float8) + 900))::int`,
    ),
  },
  (t) => [
    index("events_type_date_idx").on(t.type, t.date),
    index("events_type_cell_date_idx").on(t.type, t.cell, t.date, t.id).where(sql`${t.cell} is not null`),
    index("events_host_idx").on(t.hostId),
    index("events_group_idx").on(t.groupId),
    index("events_lat_lng_idx").on(t.lat, t.lng),
    index("events_series_idx").on(t.seriesId, t.date).where(sql`${t.seriesId} is not null`),
    index("events_tags_idx").using("gin", t.tags),
    check("events_timezone_len", sql`char_length(${t.timezone}) <= 64`),
    check("events_place_area_len", sql`char_length(${t.placeArea}) <= 200`),
  ],
);

/** An event as stored, and as a write gives it: the shape other modules receive, not how it is read. */
export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
