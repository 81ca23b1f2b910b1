import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, rowsOf, type Database } from "~/core/database/db.server";
import { dependencyOrder, type MigrationMark } from "./format";

/** What a backup reads about a database, asked the same way of PGlite and PostgreSQL. */
export type Catalog = { tables: Array<{ name: string; columns: string[] }>; sequences: string[] };

type Executor = Pick<Database, "execute">;
export { rowsOf };

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tables a backup leaves out: content_changes counts the writes of this database, and caches compare it
 * to tell new content from old, so it must only ever grow; a restore's own inserts count as writes
 * (decision record 0023). rate_limits: counters of a few minutes, keyed by client addresses (sign-in, forms,
 * vitals and analytics beacons); an archive kept for weeks must hold no visitor's address (issue 32), and a
 * restored site starts its limits afresh. analytics_salts and analytics_visitor_days: the day's salt and the
 * visitor hashes made with it; together they gave back, from an archive alone, the pages each visitor of an
 * address read (sha256 of salt, address, user agent, site). A salt lives only as long as its day and never
 * leaves the database; a site restored during a day counts that day's returning visitors once more.
 */
const NOT_BACKED_UP = new Set(["content_changes", "rate_limits", "analytics_salts", "analytics_visitor_days"]);

/** A table no archive holds: a restore reads past it in an archive made before it was left out. */
export const isNeverBackedUp = (table: string): boolean => NOT_BACKED_UP.has(table);

/**
 * Rows a backup leaves out of a table it keeps: a backup still running at the archive's moment (the
 * archive's own among them) has no outcome yet, and restored it would say "running" for ever.
 */
const ROWS_LEFT_OUT: Record<string, string> = { ops_backups: "status = 'running'" };

/** The rows of `table` an archive holds, as SQL: `from "table"` and, for some tables, the rows kept. */
export function backedUpRows(table: string): string {
  const leftOut = ROWS_LEFT_OUT[table];
  return `from ${quoted(table)}${leftOut ? ` where not (${leftOut})` : ""}`;
}

/** The site's tables (schema public) in dependency order, each with its stored (not generated) columns. */
export async function readCatalog(db: Executor): Promise<Catalog> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select cl.relname as child, pl.relname as parent from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid join pg_class pl on pl.oid = c.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns)
    if (!NOT_BACKED_UP.has(row.table_name)) byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  const order = dependencyOrder([...byTable.keys()].sort(), references);
  const sequences = await rowsOf<{ name: string }>(
    db,
    sql`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { tables: order.map((name) => ({ name, columns: byTable.get(name)! })), sequences: sequences.map((s) => s.name) };
}

type JournalEntry = { tag: string; when: number };

function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The last migration this code ships. */
export function codeMigration(): MigrationMark {
  const last = codeMigrations().at(-1)!;
  return { tag: last.tag, when: last.when };
}

/** The last migration applied to this database (drizzle's own table), named from this code's journal when it knows it. */
export async function databaseMigration(db: Executor): Promise<MigrationMark> {
  const [row] = await rowsOf<{ when: string | number }>(db, sql`select max(created_at) as when from drizzle.__drizzle_migrations`);
  const when = Number(row?.when ?? 0);
  return { tag: codeMigrations().find((m) => m.when === when)?.tag ?? null, when };
}
