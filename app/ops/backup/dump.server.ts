import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "~/core/database/db.server";
import { backedUpRows, databaseMigration, quoted, readCatalog, rowsOf } from "./catalog.server";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupHeader, type BackupManifest } from "./format";

const PAGE_ROWS = 200;

/** The site's version from package.json (found upwards from the source or the built chunk). */
function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
    const parent = path.dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}

/**
 * Writes a backup of the whole database to `destination` (a file or an HTTP response), gzip-compressed.
 * Everything is read in one read-only, repeatable-read transaction: one consistent moment, while other
 * connections keep writing (on PGlite, whose one connection the site shares, requests wait for it).
 * `onProgress` is called after each page of rows written (the caller renews its lease there).
 */
export async function writeBackup(
  db: Database,
  kind: "pglite" | "postgres",
  destination: Writable,
  onProgress?: () => void,
): Promise<BackupManifest> {
  const gzip = createGzip();
  // pipeline owns both streams' errors (a full disk, a lost database): they reject `written` instead
  // of being emitted with no listener, which would end the process.
  const written = pipeline(gzip, destination);
  written.catch(() => undefined); // awaited below; a failure before then is rethrown there
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, "drain"), written]);
  };
  const manifest = await db
    .transaction(
      async (tx) => {
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          appVersion: appVersion(),
          migration: await databaseMigration(tx),
          database: kind,
          createdAt: new Date().toISOString(),
        };
        await write(JSON.stringify(header));
        const catalog = await readCatalog(tx);
        const tables: BackupManifest["tables"] = {};
        for (const table of catalog.tables) {
          const [{ n }] = (await rowsOf<{ n: number | string }>(tx, sql.raw(`select count(*) as n ${backedUpRows(table.name)}`))) as [
            { n: number },
          ];
          const rows = Number(n);
          await write(JSON.stringify({ table: table.name, columns: table.columns, rows }));
          const hash = createHash("sha256");
          const list = table.columns.map(quoted).join(", ");
          for (let offset = 0; offset < rows; offset += PAGE_ROWS) {
            const page = await rowsOf<{ j: string }>(
              tx,
              sql.raw(
                `select row_to_json(x)::text as j from (select ${list} ${backedUpRows(table.name)} order by ctid limit ${PAGE_ROWS} offset ${offset}) x`,
              ),
            );
            for (const { j } of page) {
              hash.update(`${j}\n`);
              await write(j);
            }
            onProgress?.();
          }
          tables[table.name] = { rows, sha256: hash.digest("hex") };
        }
        const sequences: Record<string, number | null> = {};
        for (const name of catalog.sequences) {
          const [row] = await rowsOf<{ v: string | null }>(
            tx,
            sql.raw(`select case when is_called then last_value end as v from ${quoted(name)}`),
          );
          sequences[name] = row?.v == null ? null : Number(row.v);
        }
        await write(JSON.stringify({ sequences }));
        const complete: BackupManifest = { ...header, tables };
        await write(JSON.stringify({ manifest: complete }));
        return complete;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    )
    .catch((error: unknown) => {
      // Half an archive must not look like a whole one: the destination ends with an error.
      gzip.destroy(error as Error);
      throw error;
    });
  gzip.end();
  await written;
  return manifest;
}
