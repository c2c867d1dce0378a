import { randomBytes } from "node:crypto";
import webpush from "web-push";
import type { Config } from "#server/config";
import type { DeliveryRepository } from "./repository";

// Secrets made once per installation and kept in server_keys (the delivery repository's storedKey), so every
// instance and every restart signs with the same key.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set (both or neither: config.ts checks); otherwise a pair
 * generated on first use and kept in the database (server_keys), so subscriptions survive restarts
 * and every instance signs with the same key.
 */
export async function vapidKeys(config: Config, repo: DeliveryRepository): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const stored = JSON.parse(await repo.storedKey("vapid", () => JSON.stringify(webpush.generateVAPIDKeys()))) as {
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
export function unsubscribeSecret(repo: DeliveryRepository): Promise<string> {
  return repo.storedKey("unsubscribe-link", () => randomBytes(32).toString("base64url"));
}

/** The HMAC key of event tickets' check-in codes (never leaves the server). */
export function ticketSecret(repo: DeliveryRepository): Promise<string> {
  return repo.storedKey("ticket-code", () => randomBytes(32).toString("base64url"));
}
