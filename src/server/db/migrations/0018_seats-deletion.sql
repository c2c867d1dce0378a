-- A report outlives the account of the person who filed it: moderators keep it, from a deleted account.
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT IF EXISTS "reports_reporter_id_fkey";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Everyone a notification names besides its actor (a host's summary lists guests): the notice goes with any of their accounts.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "named_ids" integer[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_named_ids_idx" ON "notifications" USING gin ("named_ids");
