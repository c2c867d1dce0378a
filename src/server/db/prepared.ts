import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * A raw statement (one drizzle's builders cannot write, such as a data-modifying WITH) prepared under a
 * name: node-postgres parses and plans it once per connection and then only binds `sql.placeholder`
 * values; PGlite runs it as it would any statement. Built once, where the repository is made.
 */
export function preparedStatement<Row>(db: Db, name: string, statement: SQL) {
  // `execute` has no name to give; the session's own prepareQuery does, as the builders' `.prepare(name)` uses it.
  const { dialect, _ } = db as unknown as { dialect: PgDialect; _: { session: PgSession } };
  const prepared = _.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return {
    async execute(values: Record<string, unknown>): Promise<Row[]> {
      return ((await prepared.execute(values)) as { rows: Row[] }).rows;
    },
  };
}
