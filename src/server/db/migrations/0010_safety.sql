-- Safety: blocks, reports, hidden events and messages, suspended accounts.
CREATE TABLE "user_blocks" (
  "blocker_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "blocked_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "user_blocks_pk" PRIMARY KEY ("blocker_id", "blocked_id"),
  CONSTRAINT "user_blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" ("blocked_id");
--> statement-breakpoint
CREATE TABLE "reports" (
  "id" serial PRIMARY KEY NOT NULL,
  "reporter_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "target_type" text NOT NULL,
  "target_user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "target_message_id" integer REFERENCES "chat_messages"("id") ON DELETE CASCADE,
  "target_event_id" integer REFERENCES "events"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "details" text DEFAULT '' NOT NULL,
  "resolved_at" timestamp with time zone,
  "resolved_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reports_target_type_check" CHECK ("target_type" IN ('user', 'message', 'event'))
);
--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" ("id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;
