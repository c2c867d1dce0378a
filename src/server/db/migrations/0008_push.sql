-- Push subscriptions (web push and native device tokens), notification preferences,
-- keys the server generates once (VAPID, the unsubscribe-link secret), and e-mail headers in the outbox.
CREATE TABLE "push_subscriptions" (
  "id" bigserial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "platform" text NOT NULL,
  "endpoint" text NOT NULL,
  "p256dh" text,
  "auth" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "push_subscriptions_platform_check" CHECK ("platform" IN ('web', 'ios', 'android')),
  CONSTRAINT "push_subscriptions_web_keys_check" CHECK ("platform" <> 'web' OR ("p256dh" IS NOT NULL AND "auth" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "channels" jsonb NOT NULL,
  "email_digest" boolean DEFAULT false NOT NULL,
  "last_digest_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
  "name" text PRIMARY KEY,
  "value" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;
