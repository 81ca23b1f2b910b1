import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * The one way a batch (app/core/limits/batched-writer.server.ts) reaches the database: its rows as ONE JSON
 * parameter, read back as a table by json_to_recordset. Thousands of rows as separate parameters cost more
 * to build and parse than to write, and on PGlite a batch runs on the thread that answers the pages.
 */

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `json_to_recordset($rows) as r(name type, …)`: the batch as a table `r` with the given columns (SQL types). */
export function rowsTable(rows: readonly object[], columns: Record<string, string>): SQL {
  const list = Object.entries(columns)
    .map(([name, type]) => `${quoted(name)} ${type}`)
    .join(", ");
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(list)})`;
}

/**
 * `insert into table (columns) select columns from <the batch>`, then `tail` (on conflict …, returning …):
 * the columns are those the rows set (by their Drizzle names), typed from the table's schema; a column
 * no row sets takes its default.
 */
export function insertRows<T extends PgTable>(table: T, rows: ReadonlyArray<T["$inferInsert"]>, tail?: SQL): SQL {
  if (rows.length === 0) return sql`select 0 where false`;
  const all = getTableColumns(table);
  const given = Object.keys(all).filter((key) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const columns = Object.fromEntries(given.map((key) => [all[key]!.name, all[key]!.getSQLType()]));
  const records = rows.map((row) =>
    Object.fromEntries(given.map((key) => [all[key]!.name, (row as Record<string, unknown>)[key] ?? null])),
  );
  const names = sql.raw(Object.keys(columns).map(quoted).join(", "));
  return sql`insert into ${sql.raw(quoted(getTableName(table)))} (${names}) select ${names} from ${rowsTable(records, columns)} ${tail ?? sql``}`;
}
