import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "~/core/database/db.server";
import { codeMigration, isNeverBackedUp, quoted, readCatalog, rowsOf } from "./catalog.server";
import { headerSchema, manifestSchema, sequencesRecordSchema, tableRecordSchema, type BackupManifest } from "./format";

export class RestoreError extends Error {}

const BATCH_ROWS = 200;

/** Rows in the site's tables: a target with any is not empty. */
export async function countRows(db: Pick<Database, "execute">): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of (await readCatalog(db)).tables) {
    const [row] = await rowsOf<{ n: string | number }>(db, sql.raw(`select count(*) as n from ${quoted(table.name)}`));
    counts[table.name] = Number(row!.n);
  }
  return counts;
}

/**
 * Restores a backup (either database's) into this migrated database, in one transaction: a checksum,
 * row count or schema that does not match leaves the target as it was. A target with rows is refused
 * unless `force`, which empties it first.
 */
export async function restoreBackup(db: Database, input: Readable, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (what: string): Promise<string> => {
    let result: IteratorResult<string>;
    try {
      result = await lines.next();
    } catch (error) {
      // gzip's own words (a cut file: "unexpected end of file"; changed bytes: "incorrect data check"), not a stack.
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === "string" && code.startsWith("Z_"))
        throw new RestoreError(`The archive is damaged: ${(error as Error).message} (at ${what}). Nothing was restored.`);
      throw error;
    }
    const { value, done } = result;
    if (done) throw new RestoreError(`The backup ends early: ${what} is missing (an incomplete or damaged file).`);
    return value;
  };
  const parse = (line: string, what = "a line") => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new RestoreError(`The backup is damaged: ${what} is not JSON. Nothing was restored.`);
    }
  };

  const header = headerSchema.safeParse(parse(await next("the header")));
  if (!header.success) throw new RestoreError("This is not a Clink backup (its first line is not a Clink backup header).");
  const code = codeMigration();
  if (header.data.migration.when !== code.when) {
    throw new RestoreError(
      `The backup was made at migration ${header.data.migration.tag ?? header.data.migration.when} (Clink ${header.data.appVersion}); this code is at ${code.tag}. ` +
        `Restore it with the version that made it, then upgrade.`,
    );
  }

  return db.transaction(async (tx) => {
    const catalog = await readCatalog(tx);
    const known = new Map(catalog.tables.map((t) => [t.name, new Set(t.columns)]));
    const counts = await countRows(tx);
    const filled = Object.entries(counts).filter(([, n]) => n > 0);
    if (filled.length > 0) {
      if (!options.force) {
        throw new RestoreError(
          `The target is not empty (${filled.map(([t, n]) => `${t}: ${n}`).join(", ")}). Use --force to replace its contents.`,
        );
      }
      await tx.execute(sql.raw(`truncate table ${catalog.tables.map((t) => quoted(t.name)).join(", ")} restart identity cascade`));
    }
    const seen: BackupManifest["tables"] = {};
    for (;;) {
      const record = parse(await next("the manifest")) as Record<string, unknown>;
      if ("sequences" in record) {
        const { sequences } = sequencesRecordSchema.parse(record);
        for (const [name, value] of Object.entries(sequences)) {
          if (value !== null && catalog.sequences.includes(name)) await tx.execute(sql`select setval(${name}::regclass, ${value})`);
        }
        continue;
      }
      if ("manifest" in record) {
        const { manifest } = manifestSchema.parse(record);
        for (const [name, expected] of Object.entries(manifest.tables)) {
          const got = seen[name];
          if (!got || got.rows !== expected.rows || got.sha256 !== expected.sha256) {
            throw new RestoreError(`Checksum mismatch in table ${name}: the backup is damaged. Nothing was restored.`);
          }
        }
        if (Object.keys(seen).length !== Object.keys(manifest.tables).length)
          throw new RestoreError("The backup holds a table its manifest does not list.");
        return manifest;
      }
      const table = tableRecordSchema.safeParse(record);
      if (!table.success) throw new RestoreError("The backup is damaged: an unexpected record.");
      const { table: name, columns, rows } = table.data;
      const skipped = isNeverBackedUp(name);
      const target = known.get(name);
      if (!skipped && (!target || columns.some((c) => !target.has(c))))
        throw new RestoreError(`Table ${name} of the backup does not match this database's schema.`);
      const hash = createHash("sha256");
      const list = columns.map(quoted).join(", ");
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(
          sql`insert into ${sql.raw(quoted(name))} (${sql.raw(list)}) select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(quoted(name))}, ${`[${batch.join(",")}]`}::json)`,
        );
        batch = [];
      };
      for (let i = 0; i < rows; i++) {
        const line = await next(`row ${i + 1} of ${name}`);
        // Checked here, not left to the database: a cut or changed line is the archive's damage, said as such.
        const row = parse(line, `row ${i + 1} of ${name}`);
        if (typeof row !== "object" || row === null || Array.isArray(row))
          throw new RestoreError(`The backup is damaged: row ${i + 1} of ${name} is not a row. Nothing was restored.`);
        hash.update(`${line}\n`);
        if (skipped) continue;
        batch.push(line);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
      if (skipped) {
        seen[name] = { rows, sha256: hash.digest("hex") };
        continue;
      }
      const [stored] = await rowsOf<{ n: string | number }>(tx, sql.raw(`select count(*) as n from ${quoted(name)}`));
      if (Number(stored!.n) !== rows) throw new RestoreError(`Table ${name}: ${stored!.n} rows stored, ${rows} in the backup.`);
      seen[name] = { rows, sha256: hash.digest("hex") };
    }
  });
}
