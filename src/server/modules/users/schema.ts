import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    username: text("username").notNull(),
    /** Stored lower-cased so uniqueness and login are case-insensitive. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    bio: text("bio").notNull().default(""),
    profession: text("profession").notNull().default(""),
    profileImage: text("profile_image"),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    skills: jsonb("skills").$type<string[]>().notNull().default([]),
    careerPath: text("career_path").notNull().default(""),
    /** What the person offers and seeks at networking events (phrases); each event's People to meet starts from them. */
    offering: jsonb("offering").$type<string[]>().notNull().default([]),
    seeking: jsonb("seeking").$type<string[]>().notNull().default([]),
    /** The API sends coordinates as text, kept as given; the numeric copies serve distance queries. */
    latitude: text("latitude").notNull().default(""),
    longitude: text("longitude").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    availabilityPreferences: jsonb("availability_preferences").$type<Record<string, unknown>>().notNull().default({}),
    timezone: text("timezone").notNull().default("America/New_York"),
    /** The language Link speaks to this person: screens, notices, e-mails, push (a tag of LANGUAGES). */
    language: text("language").notNull().default("en"),
    /** Set once the address is proven to belong to the account's owner (today: only a Google sign-up). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** The Google account (OIDC `sub`) linked to this one; sign-in with Google matches on it, never on the e-mail alone. */
    googleSubject: text("google_subject"),
    /** Set by a moderator: sign-in is refused and every session was ended. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** Whether /u/{username}, its calendar and its embed show this person to anyone (on unless turned off). */
    publicProfile: boolean("public_profile").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_google_subject_idx").on(t.googleSubject),
    index("users_lat_lng_idx").on(t.lat, t.lng),
  ],
);

/** An account as stored, and as a sign-up writes it: the shape other modules receive, not how it is read. */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
