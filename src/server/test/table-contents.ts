import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

type Rows<T> = { rows: T[] };

/** Columns a read rewrites by design (a session's idle clock): left out of "what is stored". */
const TOUCHED_ON_READ: Record<string, string[]> = { sessions: ["last_seen_at"] };

/**
 * Every table of the app's schema with a hash of its whole contents: "nothing stored" is these not
 * moving, so a request that changes one field of an existing row is caught as surely as a new row.
 */
export async function tableContents(database: Database): Promise<Record<string, string>> {
  const columns = (await database.db.execute(
    sql`select c.table_name as "table", c.column_name as "column" from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  )) as unknown as Rows<{ table: string; column: string }>;
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns.rows) {
    if (TOUCHED_ON_READ[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const hashes: Record<string, string> = {};
  for (const [table, names] of byTable) {
    const kept = sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    );
    const result = (await database.db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as hash
          from (select ${kept} from ${sql.identifier(table)}) r`,
    )) as unknown as Rows<{ n: number; hash: string }>;
    hashes[table] = `${result.rows[0].n} rows, md5 ${result.rows[0].hash}`;
  }
  return hashes;
}
