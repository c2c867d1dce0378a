-- A send carries a client-made id so a retry after a lost answer finds the stored row instead of adding one.
ALTER TABLE "chat_messages" ADD COLUMN "client_id" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_idx" ON "chat_messages" ("user_id", "client_id") WHERE "client_id" IS NOT NULL;
