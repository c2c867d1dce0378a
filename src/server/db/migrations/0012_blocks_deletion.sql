-- Deletion forgets the person and keeps what others need.
-- A notification names whoever acted (actor_id): it goes with that person's account.
ALTER TABLE "notifications" ADD COLUMN "actor_id" integer REFERENCES "users"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "notifications_actor_id_idx" ON "notifications" ("actor_id") WHERE "actor_id" IS NOT NULL;
--> statement-breakpoint
-- Reports about a person outlive the account they were about: the targets become NULL, the report stays.
ALTER TABLE "reports" DROP CONSTRAINT IF EXISTS "reports_target_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_user_id_fkey" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT IF EXISTS "reports_target_message_id_fkey";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_message_id_fkey" FOREIGN KEY ("target_message_id") REFERENCES "chat_messages"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT IF EXISTS "reports_target_event_id_fkey";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_event_id_fkey" FOREIGN KEY ("target_event_id") REFERENCES "events"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- When the subject's account was deleted, and a keyed hash of its e-mail (never the address itself).
ALTER TABLE "reports" ADD COLUMN "subject_deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subject_email_hash" text;
