-- A notice about an event records the event: it is shown only while its recipient may open the event (never once
-- a moderator hid it, never across a block with a host), and it goes with the event.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "event_id" integer REFERENCES "events"("id") ON DELETE CASCADE;
--> statement-breakpoint
-- Notices stored before named their event only in the link they open.
UPDATE "notifications" n SET "event_id" = e."id"
FROM "events" e
WHERE n."event_id" IS NULL AND n."action_url" ~ '^/events/[0-9]{1,9}$'
  AND e."id" = substring(n."action_url" from '^/events/([0-9]{1,9})$')::int;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_event_id_idx" ON "notifications" USING btree ("event_id") WHERE "event_id" IS NOT NULL;
