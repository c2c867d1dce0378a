-- Events people can share: each event keeps the zone its time belongs to, counts the accounts its
-- public link has let in without an access code, and says when its pin is only its town's centre.
ALTER TABLE "events" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "share_signups" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The town whose centre stands in for a place typed by hand (no geocoder found it): shown "Around <town>".
ALTER TABLE "events" ADD COLUMN "place_area" text;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_place_area_len" CHECK (char_length("place_area") <= 200);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_timezone_len" CHECK (char_length("timezone") <= 64);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_share_signups_range" CHECK ("share_signups" >= 0 AND "share_signups" <= 10000);
--> statement-breakpoint
-- Events made before zones were kept take their host's zone (the place's own zone needs a lookup SQL cannot do).
UPDATE "events" SET "timezone" = "users"."timezone" FROM "users" WHERE "users"."id" = "events"."host_id";
