-- Hosting: co-hosts, questions and plus-ones, the guest list's visibility, updates to guests, check-in.
CREATE TABLE "event_cohosts" (
  "event_id" integer NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "event_cohosts_pk" PRIMARY KEY ("event_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "event_cohosts_user_idx" ON "event_cohosts" ("user_id");
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_guests_per_person" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_max_guests_per_person_check" CHECK ("max_guests_per_person" BETWEEN 0 AND 5);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guest_list" text DEFAULT 'everyone' NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_guest_list_check" CHECK ("guest_list" IN ('everyone', 'attendees', 'hosts'));
--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "guests" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_guests_check" CHECK ("guests" BETWEEN 0 AND 5);
--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "checked_in_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "event_updates" (
  "id" serial PRIMARY KEY NOT NULL,
  "event_id" integer NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
  "author_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "message" text NOT NULL,
  "audience" text[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_updates_event_idx" ON "event_updates" ("event_id", "id");
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" integer REFERENCES "events"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence" text;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_recurrence_check" CHECK ("recurrence" IN ('weekly', 'biweekly', 'monthly'));
--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" ("series_id", "date") WHERE "series_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_mode" text DEFAULT 'instant' NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waitlist_mode_check" CHECK ("waitlist_mode" IN ('instant', 'confirm'));
--> statement-breakpoint
ALTER TABLE "event_participants" ADD COLUMN "confirm_by" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "event_participants_confirm_by_idx" ON "event_participants" ("confirm_by") WHERE "confirm_by" IS NOT NULL;
