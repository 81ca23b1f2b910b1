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
    execFile(process.execPath, ["--liftoff-only", "--input-type=module", "-e", code, folder], { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`Could not create the embedded database in ${folder}: ${stderr.trim().split("\n").pop() || error.message}`)) : resolve(),
    ),
  );
}
