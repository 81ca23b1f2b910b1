import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool, PoolClient } from "pg";
import * as schema from "~/db/schema";
import { acquireDataDirLock, type DataDirLock } from "../instance/data-dir-lock.server";
import { logger } from "../logs/logger.server";
import { freeBytesOf } from "../instance/disk-space.server";
import { initPgliteFolder, undoFirstStart } from "./pglite-init.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

/** The database or an open transaction: work that belongs to a change is written in the change's transaction. */
export type DbExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Callbacks waiting for the outermost transaction of the current async context to commit. */
const commitHooks = new AsyncLocalStorage<{ hooks: Array<() => void>; settled: boolean }>();

/**
 * Runs `callback` once what was just written is visible to other connections: after the surrounding
 * transaction commits (never, if it rolls back), or at once outside a transaction. The job runner uses it
 * to wake as soon as a job queued inside a transaction can be claimed.
 */
/** A raw statement's rows, asked the same way of PGlite and PostgreSQL. */
export async function rowsOf<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function afterCommit(callback: () => void): void {
  const pending = commitHooks.getStore();
  // A callback registered by work the transaction started but did not await runs at once.
  if (pending && !pending.settled) pending.hooks.push(callback);
  else callback();
}

/** Makes `db.transaction` run the afterCommit callbacks registered inside it once it has committed. */
function withCommitHooks(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    const outer = commitHooks.getStore();
    if (outer && !outer.settled) return transaction(run, config);
    const pending = { hooks: [] as Array<() => void>, settled: false };
    try {
      const result = await commitHooks.run(pending, () => transaction(run, config));
      pending.settled = true;
      for (const hook of pending.hooks) hook();
      return result;
    } finally {
      pending.settled = true;
    }
  }) as Database["transaction"];
  return db;
}

type Connection = {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL's connection pool (for the metrics); PGlite has one connection and none. */
  pool?: Pool;
  close: () => Promise<void>;
};

let connection: Connection | undefined;

/**
 * Migrations ship in ./drizzle beside package.json. The code that asks may be the source
 * (app/core/) or a built chunk (build/server/assets/), so look upwards for the folder.
 */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the drizzle migrations folder");
    dir = parent;
  }
}

/** The longest any one statement may run (PostgreSQL cancels it), in milliseconds. */
export const STATEMENT_TIMEOUT_MS = 5_000;

// Any fixed number; instances starting together queue on it so migrations run once.
const MIGRATION_LOCK_ID = 727_465_101;

/** Migrations on PostgreSQL run under an advisory lock, so instances starting together migrate once. */
async function migrateUnderLock(client: PoolClient): Promise<void> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  await client.query("set statement_timeout = 0");
  await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
  try {
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    await client.query(`set statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
  }
}

/**
 * Opens (and, unless `migrate: false`, migrates) the site's database. Operations that must see the
 * database as it is (a backup) open it without migrating.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; migrate?: boolean }): Promise<Connection> {
  const migrate = options.migrate !== false;
  if (connection) return connection;
  // Each database's client is loaded only where it is used: pg and its drizzle driver hold ~3 MB of heap
  // and ~4 MB resident that a server on PGlite never needs, and PGlite's module is none of PostgreSQL's business.
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
    // No single statement may hold a connection for long; migrations (below) lift the limit.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, statement_timeout: STATEMENT_TIMEOUT_MS });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it, and /healthz reports the outage meanwhile.
    // A connection lost while checked out (mid-transaction, between two statements) errors on its
    // client, where no pool listener is: without one of its own the process would crash. The
    // statement waiting on it fails with the same error. Only the message is logged: pg attaches the
    // whole client (with its connection settings) to the error.
    const lost = (error: Error & { code?: string }) =>
      logger.warn({ error: error.message, code: error.code }, "PostgreSQL connection lost");
    pool.on("error", lost);
    pool.on("connect", (client) => client.on("error", lost));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      if (migrate) await migrateUnderLock(client);
    } finally {
      client.release();
    }
    connection = { db: withCommitHooks(db), kind: "postgres", close: () => pool.end() };
  } else {
    const dataDirExisted = fs.existsSync(options.dataDir);
    const lock: DataDirLock = await acquireDataDirLock(options.dataDir);
    const folder = path.join(options.dataDir, "pglite");
    // A first start (no database yet) that fails leaves nothing behind (undoFirstStart).
    const firstStart = !fs.existsSync(path.join(folder, "PG_VERSION"));
    let client: { close: () => Promise<void> } | undefined;
    try {
      const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
        import("@electric-sql/pglite"),
        import("drizzle-orm/pglite"),
        import("drizzle-orm/pglite/migrator"),
      ]);
      // PostgreSQL's default 128 MB of shared buffers is allocated inside PGlite's WebAssembly memory,
      // which never shrinks: 8 MB is enough here, as the blog's service keeps its posts in memory and
      // the files PGlite reads stay in the system's page cache (16 MB measured ~10 MB more at idle).
      // PGlite's WebAssembly is compiled by V8's baseline compiler only: the optimising tier's code and
      // its compiler's memory cost ~45 MB resident for good, for queries ~1.5x faster. The front cache
      // answers nearly every read; a site that needs the speed runs PostgreSQL (decision record 0009).
      // Set before PGlite compiles its module; nothing else in the process compiles WebAssembly of note.
      v8.setFlagsFromString("--liftoff-only");
      const postgresqlconf = ["shared_buffers=8MB"];
      await initPgliteFolder(folder, postgresqlconf);
      const pglite = await PGlite.create({ dataDir: folder, postgresqlconf });
      client = pglite;
      const db = drizzlePglite(pglite, { schema }) as unknown as Database;
      if (migrate) await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: migrationsFolder() });
      // Said for both databases, though PGlite (one thread, no timer signal) does not enforce it:
      // there, what bounds a statement is the bounded input (post length, search index tokens).
      await pglite.exec(`set statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      connection = {
        db: withCommitHooks(db),
        kind: "pglite",
        close: async () => {
          try {
            await pglite.close();
          } finally {
            lock.release();
          }
        },
      };
    } catch (error) {
      await client?.close().catch(() => undefined);
      const said = firstStart ? undoFirstStart(folder, error, () => freeBytesOf(options.dataDir)) : error;
      lock.release();
      if (firstStart && !dataDirExisted) fs.rmSync(options.dataDir, { recursive: true, force: true });
      throw said;
    }
  }
  return connection;
}

export function getDb(): Database {
  if (!connection) throw new Error("The database is not open yet: openDatabase() runs at server start.");
  return connection.db;
}

/** Which database the site runs on, for operations (backups, the System section). */
export function databaseKind(): "pglite" | "postgres" {
  if (!connection) throw new Error("The database is not open yet.");
  return connection.kind;
}

/** The pool's connections (PostgreSQL), for /metrics. */
export function databasePool(): { total: number; idle: number; waiting: number } | undefined {
  const pool = connection?.pool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
}

/** How long /healthz waits for the database: a balancer's probe must get an answer, not hang. */
const PING_TIMEOUT_MS = 3_000;

export async function pingDatabase(): Promise<boolean> {
  if (!connection) return false;
  let timer: NodeJS.Timeout | undefined;
  // A ping queued behind a pool whose connections were lost (and new ones not yet refused) would wait as
  // long as the pool does (a CI run saw /healthz hang 60 s after the database was dropped).
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
  const answered = connection.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export async function closeDatabase(): Promise<void> {
  const current = connection;
  connection = undefined;
  await current?.close();
}
