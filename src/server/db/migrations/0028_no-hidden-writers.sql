-- The triggers that wrote other modules' tables are gone: a block ends follows through the follows module,
-- a guest who stops going leaves the conversation and a deleted account's conversations go through the
-- groups module, each in the transaction of the write that starts it.
-- The events triggers stay: they set columns of the very row being updated (sequence, changed_at, previous_date).
DROP TRIGGER IF EXISTS "user_blocks_end_follows" ON "user_blocks";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_blocks_end_follows"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "event_participants_leave_conversation" ON "event_participants";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "event_participants_leave_conversation"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "event_conversations_drop_group" ON "event_conversations";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "event_conversations_drop_group"();
