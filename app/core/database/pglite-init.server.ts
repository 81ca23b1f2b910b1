import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A new PGlite folder is made (PostgreSQL's initdb) in a process of its own. initdb grows PGlite's
 * WebAssembly memory to ~650 MB resident for ~5 s here, and WebAssembly memory never shrinks: made in the
 * server, it stayed ~580 MB until a full collection ~30 s later. Made in a child that exits, the server
 * opens an existing folder as on every later start (~190 MB). Same settings as the server's open.
 */
export async function initPgliteFolder(folder: string, postgresqlconf: string[]): Promise<void> {
  if (fs.existsSync(path.join(folder, "PG_VERSION"))) return;
  const code = [
    `const { PGlite } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))});`,
    `const db = await PGlite.create({ dataDir: process.argv[1], postgresqlconf: ${JSON.stringify(postgresqlconf)} });`,
    "await db.close();",
  ].join("\n");
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      ["--liftoff-only", "--input-type=module", "-e", code, folder],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`Could not create the embedded database in ${folder}: ${stderr.trim().split("\n").pop() || error.message}`))
          : resolve(),
    ),
  );
}

/** A first start that could not make its database: one sentence for the operator, nothing left half-made. */
export class FirstStartError extends Error {}

const MB = 1024 * 1024;
/** Under a WAL segment free, PGlite cannot go on writing (docs/decisions/0030). */
const OUT_OF_SPACE_BYTES = 16 * MB;

/**
 * After a failed first start (initdb or the migrations of a new folder): the half-made folder is removed,
 * so the next start begins again from nothing rather than opening it, and the failure becomes one
 * sentence (a migration's error is a whole SQL statement; a full disk's, PGlite's "Aborted()").
 */
export function undoFirstStart(folder: string, error: unknown, freeBytes: () => number): FirstStartError {
  let free: number | null = null;
  try {
    free = freeBytes();
  } catch {
    // the sentence is said without the figure
  }
  fs.rmSync(folder, { recursive: true, force: true });
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  if ((free !== null && free < OUT_OF_SPACE_BYTES) || /ENOSPC|No space left|could not extend|could not write/i.test(text)) {
    const left = free === null ? "" : ` (${(free / MB).toFixed(1)} MB were left)`;
    return new FirstStartError(
      `The disk ran out of space while the embedded database was being made in ${folder}${left}; nothing was kept: free at least 100 MB, then start the server again.`,
    );
  }
  const said = text.split("\n")[0]!.slice(0, 300).trim();
  return new FirstStartError(
    `The embedded database could not be made in ${folder} (${said}); nothing was kept: fix this, then start the server again.`,
  );
}
