-- Events stored for close friends, family or coworkers before Link refused those audiences (nothing could
-- enforce them) become their host's alone: the visibility rule shows an event whose audience is not "all"
-- to its host only, and its host is told once, in their language through the notice's codes.
INSERT INTO "notifications" ("user_id", "type", "title", "message", "action_url", "event_id", "title_code", "message_code", "text_values")
SELECT e."host_id", 'event_update', 'Only you can see this event',
  e."title" || ' was for close friends, family or coworkers, which Link no longer offers: only you can see it now',
  '/events/' || e."id", e."id", 'eventNotices.audienceSettledTitle', 'eventNotices.audienceSettled',
  jsonb_build_object('title', e."title")
FROM "events" e
WHERE e."friend_group_id" IS NOT NULL AND e."friend_group_id" NOT IN ('all', 'host');
--> statement-breakpoint
UPDATE "events" SET "friend_group_id" = 'host'
WHERE "friend_group_id" IS NOT NULL AND "friend_group_id" NOT IN ('all', 'host');
--> statement-breakpoint
-- An e-mail records whom its text names besides its recipient: deleting one of their accounts deletes it,
-- sent or still queued, as it deletes the in-app notice.
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "named_ids" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_named_ids_idx" ON "outbox" USING gin ("named_ids");
--> statement-breakpoint
-- An e-mail records its recipient's account and the event it tells of: the outbox sends it only while the
-- recipient may still open the event and see everyone it names.
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "recipient_id" integer REFERENCES "users"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "event_id" integer REFERENCES "events"("id") ON DELETE CASCADE;
