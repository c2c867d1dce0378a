import { and, asc, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import { PUSH_SUBSCRIPTIONS_PER_USER_MAX, type PushSubscriptionInput } from "#contract/push";
import type { Db } from "#server/db/client";
import { pushSubscriptions, serverKeys } from "./schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A person's devices as their data export lists them: never an endpoint or its keys, which are secrets. */
export function devicesOf(db: Db, userId: number) {
  return db
    .select({ id: pushSubscriptions.id, platform: pushSubscriptions.platform, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export function deliveryRepository(db: Db) {
  return {
    /**
     * A value the server makes once and every instance then shares: the first instance to start inserts
     * it, a concurrent start's insert does nothing, and both read the one stored row back.
     */
    async storedKey(name: string, create: () => string): Promise<string> {
      await db.insert(serverKeys).values({ name, value: create() }).onConflictDoNothing();
      const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
      return row.value;
    },
    /**
     * Stores a device for the signed-in user. An endpoint is one device: registering it again moves it to
     * this user with the new keys, but only when it is already theirs or the session that registered it
     * has ended (signed out on that device): false, nothing changed, when another account still holds it.
     * Beyond PUSH_SUBSCRIPTIONS_PER_USER_MAX devices, the oldest are dropped.
     */
    async save(userId: number, sessionHash: string | null, input: PushSubscriptionInput): Promise<boolean> {
      const values =
        input.platform === "web"
          ? {
              userId,
              platform: input.platform,
              endpoint: input.endpoint,
              p256dh: input.keys.p256dh,
              auth: input.keys.auth,
              sessionHash,
            }
          : { userId, platform: input.platform, endpoint: input.token, p256dh: null, auth: null, sessionHash };
      return db.transaction(async (tx) => {
        // One statement decides, so two accounts racing for one endpoint cannot both win.
        const stored = await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              userId,
              platform: values.platform,
              p256dh: values.p256dh,
              auth: values.auth,
              sessionHash,
              createdAt: new Date(),
            },
            setWhere: or(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.sessionHash)),
          })
          .returning({ id: pushSubscriptions.id });
        if (stored.length === 0) return false;
        const all = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
        const surplus = all.length - PUSH_SUBSCRIPTIONS_PER_USER_MAX;
        if (surplus > 0) {
          const newest = all.slice(surplus).map((r) => r.id);
          await tx
            .delete(pushSubscriptions)
            .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
        }
        return true;
      });
    },
    /** Removes the caller's own device only; false when it is not theirs (or unknown). */
    async deleteOwn(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },
    /** The push service said the subscription is gone (404/410). */
    async deleteById(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
    async listFor(userIds: number[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    },
    async countFor(userId: number): Promise<number> {
      return (
        await db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
      ).length;
    },
  };
}
export type DeliveryRepository = ReturnType<typeof deliveryRepository>;
