import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { queryTestDatabase, startTestServer, type TestServer } from "./test-server";

/**
 * Reads rows straight from a test site's database, to show what a request left there. On PostgreSQL any
 * time; on PGlite only while the server is stopped (the server holds the folder, and a second opener
 * would corrupt it).
 */
export async function readRows<K extends string>(
  server: Pick<TestServer, "dataDir" | "databaseUrl" | "child">,
  queries: Record<K, string>,
): Promise<Record<K, unknown[]>> {
  const rows = {} as Record<K, unknown[]>;
  if (server.databaseUrl) {
    for (const [name, sql] of Object.entries(queries) as Array<[K, string]>) rows[name] = await queryTestDatabase(server.databaseUrl, sql);
    return rows;
  }
  if (server.child.exitCode === null && server.child.signalCode === null) throw new Error("readRows on PGlite needs the server stopped");
  const db = await PGlite.create({ dataDir: path.join(server.dataDir, "pglite") });
  try {
    for (const [name, sql] of Object.entries(queries) as Array<[K, string]>) rows[name] = (await db.query(sql)).rows;
  } finally {
    await db.close();
  }
  return rows;
}

/**
 * Seeds a test site's database with `sql` while the site is stopped, then starts it again on the same data
 * (its start-up jobs, such as the analytics rollups, then see the seeded rows). PGlite's folder may only be
 * opened while its server is stopped; PostgreSQL is seeded the same way so both databases take one path.
 */
export async function seedAndRestart(
  server: TestServer,
  sql: string,
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<TestServer> {
  if ((await server.stop()) !== 0) throw new Error("the test site did not stop cleanly before seeding");
  await runOnStoppedSite(server, sql);
  return startTestServer({ ...options, dataDir: server.dataDir, databaseUrl: server.databaseUrl });
}

/** Runs `sql` on a stopped site's database: its PostgreSQL database, or the PGlite folder in its data folder. */
export async function runOnStoppedSite(site: { dataDir: string; databaseUrl?: string }, sql: string): Promise<void> {
  if (site.databaseUrl) {
    await queryTestDatabase(site.databaseUrl, sql);
    return;
  }
  const db = await PGlite.create({ dataDir: path.join(site.dataDir, "pglite") });
  try {
    await db.exec(sql);
  } finally {
    await db.close();
  }
}
