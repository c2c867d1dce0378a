import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Where a value every instance shares is kept (server_keys, through the push module's storedKey). */
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

/**
 * The keyed hash of an address (lower-cased), written in SQL so that the hash stored at deletion and the
 * one computed for live accounts on the moderators' page are the same function.
 */
export function emailHash(key: string, email: SQL | AnyPgColumn | string): SQL {
  return sql`encode(sha256(convert_to(${key}::text || ':' || lower(${email}::text), 'UTF8')), 'hex')`;
}
