-- The language Link speaks to each person; everyone so far has read English.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
-- A notice keeps its messages' codes and values, so it is written in its reader's language when read, and a
-- later change of language applies to old notices too. Notices stored before keep their English words.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "title_code" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "message_code" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "text_values" jsonb DEFAULT '{}'::jsonb NOT NULL;
