-- Single-use links for a password reset (1 h) and an e-mail verification (24 h); only SHA-256 hashes are stored.
CREATE TABLE "account_tokens" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"purpose" text NOT NULL,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose_check" CHECK ("purpose" IN ('password_reset', 'email_verification'))
);
--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id", "purpose");
