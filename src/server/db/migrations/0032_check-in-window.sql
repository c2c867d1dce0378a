-- Check-in opens a number of hours before an event starts, the event's own setting (12 unless its hosts change it).
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "check_in_opens_hours" integer DEFAULT 12 NOT NULL;
