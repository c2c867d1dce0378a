-- What brings people back: reminders, the calendar subscription, follows and the guests' conversation.
ALTER TABLE "notification_preferences" ADD COLUMN "reminder_offsets" integer[] DEFAULT '{120,1440}' NOT NULL;
--> statement-breakpoint
-- One row per reminder sent: the insert is the claim, so two instances (or a restart) never send one twice.
-- starts_at is the event's time the reminder was for: a moved event is owed fresh reminders.
CREATE TABLE "reminder_deliveries" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "event_id" integer NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "offset_minutes" integer NOT NULL,
  "starts_at" timestamp with time zone NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reminder_deliveries_pk" PRIMARY KEY ("user_id", "event_id", "kind", "offset_minutes", "starts_at"),
  CONSTRAINT "reminder_deliveries_kind_check" CHECK ("kind" IN ('reminder', 'host_summary'))
);
--> statement-breakpoint
CREATE INDEX "reminder_deliveries_event_idx" ON "reminder_deliveries" USING btree ("event_id");
--> statement-breakpoint
-- iCalendar SEQUENCE: bumped by the database whenever what a calendar shows changes, whoever changed it.
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "events_bump_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."title" IS DISTINCT FROM OLD."title" OR NEW."description" IS DISTINCT FROM OLD."description"
    OR NEW."date" IS DISTINCT FROM OLD."date" OR NEW."location" IS DISTINCT FROM OLD."location"
    OR NEW."canceled_at" IS DISTINCT FROM OLD."canceled_at" THEN
    NEW."sequence" := OLD."sequence" + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_bump_sequence" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_bump_sequence"();
--> statement-breakpoint
-- A person's secret calendar feed address; rotating replaces the token, so the old address answers 404.
CREATE TABLE "calendar_feeds" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "token" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token");
--> statement-breakpoint
CREATE TABLE "follows" (
  "follower_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "followed_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "follows_pk" PRIMARY KEY ("follower_id", "followed_id"),
  CONSTRAINT "follows_not_self" CHECK ("follower_id" <> "followed_id")
);
--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id");
--> statement-breakpoint
-- The guests' conversation of an event: a private group made on first use.
CREATE TABLE "event_conversations" (
  "event_id" integer PRIMARY KEY REFERENCES "events"("id") ON DELETE CASCADE,
  "group_id" integer NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "event_conversations_group_idx" ON "event_conversations" USING btree ("group_id");
--> statement-breakpoint
CREATE TABLE "conversation_mutes" (
  "group_id" integer NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "conversation_mutes_pk" PRIMARY KEY ("group_id", "user_id")
);
--> statement-breakpoint
-- A block ends following both ways, whichever code path stored the block.
CREATE FUNCTION "user_blocks_end_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "follows"
  WHERE ("follower_id" = NEW."blocker_id" AND "followed_id" = NEW."blocked_id")
     OR ("follower_id" = NEW."blocked_id" AND "followed_id" = NEW."blocker_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_blocks_end_follows" AFTER INSERT ON "user_blocks" FOR EACH ROW EXECUTE FUNCTION "user_blocks_end_follows"();
--> statement-breakpoint
-- A guest who stops going (or is removed) leaves the event's conversation; the host stays.
CREATE FUNCTION "event_participants_leave_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."status" <> 'going' THEN
    DELETE FROM "group_members" m
    USING "event_conversations" c, "events" e
    WHERE c."event_id" = OLD."event_id" AND m."group_id" = c."group_id" AND m."user_id" = OLD."user_id"
      AND e."id" = OLD."event_id" AND e."host_id" <> OLD."user_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "event_participants_leave_conversation" AFTER UPDATE OF "status" OR DELETE ON "event_participants"
FOR EACH ROW WHEN (OLD."status" = 'going') EXECUTE FUNCTION "event_participants_leave_conversation"();
--> statement-breakpoint
-- The conversation goes with its event (deleted with its host's account, say): no group is left behind.
CREATE FUNCTION "event_conversations_drop_group"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "groups" WHERE "id" = OLD."group_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "event_conversations_drop_group" AFTER DELETE ON "event_conversations"
FOR EACH ROW EXECUTE FUNCTION "event_conversations_drop_group"();
