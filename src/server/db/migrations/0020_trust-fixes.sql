-- ADMIN_USERNAMES grants the moderator role to the account each name meant when first listed, never to whoever registers the name later.
CREATE TABLE IF NOT EXISTS "moderator_name_pins" (
  "username" text PRIMARY KEY NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "pinned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- An event's id no longer lets anyone register, so nothing counts those registrations.
ALTER TABLE "events" DROP CONSTRAINT IF EXISTS "events_share_signups_range";
--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN IF EXISTS "share_signups";
