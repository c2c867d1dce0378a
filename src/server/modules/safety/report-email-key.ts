import { randomBytes } from "node:crypto";

/** Where a value every instance shares is kept (server_keys, through the delivery module's storedKey). */
export interface StoredKeys {
  storedKey(name: string, create: () => string): Promise<string>;
}

/**
 * The secret that keys the e-mail hash kept on reports about a deleted account: made on first use and
 * kept in server_keys, so every instance and every restart hash an address the same way, and nobody
 * holding the reports table alone can test a guessed address against it.
 */
export function reportEmailKey(keys: StoredKeys): Promise<string> {
  return keys.storedKey("report-email-hash", () => randomBytes(32).toString("base64url"));
}
