import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { type KeysetPosition, NEXT_CURSOR_HEADER } from "#contract/fields";

/**
 * A page of a list read with one row more than `limit`. The extra row only says that a
 * next page exists: the response is the first `limit` rows, and NEXT_CURSOR_HEADER names where the
 * next page starts.
 */
export function sendPage<T>(
  reply: FastifyReply,
  rows: T[],
  limit: number,
  cursorOf: (last: T) => string | number,
): T[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  reply.header(NEXT_CURSOR_HEADER, String(cursorOf(page[page.length - 1])));
  return page;
}

/**
 * Keyset pagination over (time, id). Times are compared at millisecond precision, the precision a
 * cursor carries (PostgreSQL stores microseconds; a JavaScript Date holds milliseconds).
 */
export const keysetTime = (column: SQLWrapper): SQL => sql`date_trunc('milliseconds', ${column})`;
export function afterKeyset(time: SQLWrapper, id: SQLWrapper, position: KeysetPosition | undefined): SQL | undefined {
  if (!position) return undefined;
  return sql`(${keysetTime(time)}, ${id}) > (${position.at.toISOString()}::timestamptz, ${position.id})`;
}
