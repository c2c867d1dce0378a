-- The short code under a ticket's QR code, read out and typed at the door: made with the first ticket, random, and
-- unique within its event (two guests of one event never share one; rows without a code do not count).
ALTER TABLE "event_participants" ADD COLUMN "door_code" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "event_participants_door_code_idx" ON "event_participants" USING btree ("event_id", "door_code");
