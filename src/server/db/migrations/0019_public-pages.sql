-- A host's public page (/u/{username}), its calendar and embed: shown unless its owner turns it off.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "public_profile" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- What search engines read of an event: when what it shows last changed (a sitemap's lastmod) and,
-- after a move, the start it moved from (schema.org's previousStartDate).
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "previous_date" timestamp with time zone;
--> statement-breakpoint
-- Runs after "events_bump_sequence" (PostgreSQL fires triggers of one kind in name order), so a bumped
-- SEQUENCE is exactly "what a calendar or a search engine shows has changed".
CREATE OR REPLACE FUNCTION "events_note_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."sequence" IS DISTINCT FROM OLD."sequence" THEN
    NEW."changed_at" := now();
  END IF;
  IF NEW."date" IS DISTINCT FROM OLD."date" THEN
    NEW."previous_date" := OLD."date";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "events_note_change" ON "events";
--> statement-breakpoint
CREATE TRIGGER "events_note_change" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_note_change"();
