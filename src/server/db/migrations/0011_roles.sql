-- Stored roles: a moderator is granted (ADMIN_USERNAMES at start, `npm run moderator -- grant`), never the
-- lowest user id, and the role is deleted with its account so nobody inherits it.
CREATE TABLE "user_roles" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "role" text NOT NULL,
  "granted_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "user_roles_pk" PRIMARY KEY ("user_id", "role"),
  CONSTRAINT "user_roles_role_check" CHECK ("role" IN ('moderator'))
);
--> statement-breakpoint
-- The session that registered a push device: while it lives, nobody else may take the device over; when it
-- ends (sign-out, expiry, password reset) the device may move to whoever signs in on it next.
ALTER TABLE "push_subscriptions" ADD COLUMN "session_hash" text REFERENCES "sessions"("id_hash") ON DELETE SET NULL;
--> statement-breakpoint
-- Bumped by every preference save the person makes: an unsubscribe link signs the version it was sent under,
-- so links mailed before a change stop working.
ALTER TABLE "notification_preferences" ADD COLUMN "links_version" integer DEFAULT 0 NOT NULL;
