import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { queryTestDatabase, type TestServer } from "./test-server";

/**
 * Reads rows straight from a test site's database, to show what a request left there. On PostgreSQL any
 * time; on PGlite only while the server is stopped (the server holds the folder, and a second opener
 * would corrupt it).
 */
export async function readRows<K extends string>(server: Pick<TestServer, "dataDir" | "databaseUrl" | "child">, queries: Record<K, string>): Promise<Record<K, unknown[]>> {
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
