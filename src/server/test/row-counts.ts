import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

type Rows<T> = { rows: T[] };

/** Every table of the app's schema with its row count: "nothing stored" is these numbers not moving. */
export async function tableRowCounts(database: Database): Promise<Record<string, number>> {
  const tables = (await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ name: string }>;
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    )) as unknown as Rows<{ n: number }>;
    counts[name] = Number(result.rows[0].n);
  }
  return counts;
}

/** The row count of one table. */
export async function rowCount(database: Database, table: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  )) as unknown as Rows<{ n: number }>;
  return Number(result.rows[0].n);
}
