-- People to meet at an event: what each person offers and seeks, the event's matchmaking settings, who opted in
-- at which event, and the one-to-one meetings they book.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "offering" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "seeking" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "matchmaking" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "meeting_slot_minutes" integer DEFAULT 15 NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "meeting_spots" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- Networking events made before matchmaking existed are the ones it is for, as new ones are.
UPDATE "events" SET "matchmaking" = true WHERE "type" = 'networking' AND "group_id" IS NULL;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "event_matching_seq";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "event_matching" (
	"event_id" integer NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"visible" boolean NOT NULL,
	"offering" jsonb NOT NULL,
	"seeking" jsonb NOT NULL,
	"offering_terms" jsonb NOT NULL,
	"seeking_terms" jsonb NOT NULL,
	"seq" bigint DEFAULT nextval('event_matching_seq') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_matching_event_id_user_id_pk" PRIMARY KEY ("event_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "event_matching_event_seq_idx" ON "event_matching" USING btree ("event_id", "seq");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"requester_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"invitee_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"proposed_by" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"spot" text,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_two_people" CHECK ("requester_id" <> "invitee_id"),
	CONSTRAINT "meetings_status" CHECK ("status" in ('pending', 'accepted', 'declined', 'canceled'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_event_requester_idx" ON "meetings" USING btree ("event_id", "requester_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_requester_starts_idx" ON "meetings" USING btree ("requester_id", "starts_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_invitee_starts_idx" ON "meetings" USING btree ("invitee_id", "starts_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meetings_due_idx" ON "meetings" USING btree ("starts_at") WHERE "status" = 'accepted' and "reminded_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "meetings_spot_idx" ON "meetings" USING btree ("event_id", "spot", "starts_at") WHERE "status" = 'accepted' and "spot" is not null;
