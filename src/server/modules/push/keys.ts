import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { serverKeys } from "../../db/schema";

/**
 * A value the server makes once and every instance then shares: the first instance to start inserts
 * it, a concurrent start's insert does nothing, and both read the one stored row back.
 */
async function storedKey(db: Db, name: string, create: () => string): Promise<string> {
  await db.insert(serverKeys).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return row.value;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set (both or neither: config.ts checks); otherwise a pair
 * generated on first start and kept in the database (server_keys), so subscriptions survive restarts
 * and every instance signs with the same key.
 */
export async function vapidKeys(config: Config, db: Db): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const stored = JSON.parse(await storedKey(db, "vapid", () => JSON.stringify(webpush.generateVAPIDKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  return { ...stored, subject };
}

/** Push services want a way to reach the sender: the public https origin, else a mailto: built from MAIL_FROM. */
function defaultSubject(config: Config): string {
  if (config.PUBLIC_ORIGIN?.startsWith("https://")) return new URL(config.PUBLIC_ORIGIN).origin;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** The HMAC key of one-click unsubscribe links (never leaves the server). */
export function unsubscribeSecret(db: Db): Promise<string> {
  return storedKey(db, "unsubscribe-link", () => randomBytes(32).toString("base64url"));
}
