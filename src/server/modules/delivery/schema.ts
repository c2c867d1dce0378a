import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { sessions } from "#server/modules/auth/schema";
import { users } from "#server/modules/users/schema";

/** A browser's push subscription, or a native app's FCM/APNs device token in `endpoint` (decision 013). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").$type<"web" | "ios" | "android">().notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh"),
    auth: text("auth"),
    /** The session that registered the device: while it lives, another account cannot take the device over. */
    sessionHash: text("session_hash").references(() => sessions.idHash, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.id),
    check("push_subscriptions_platform_check", sql`${t.platform} IN ('web', 'ios', 'android')`),
    check(
      "push_subscriptions_web_keys_check",
      sql`${t.platform} <> 'web' OR (${t.p256dh} IS NOT NULL AND ${t.auth} IS NOT NULL)`,
    ),
  ],
);

/** Keys the server generates once and shares between instances (VAPID key pair, unsubscribe-link secret). */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
