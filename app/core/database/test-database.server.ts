import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, openDatabase } from "./db.server";

/**
 * For unit tests of core modules that need a real (embedded) PostgreSQL: a fresh, migrated database in a
 * temporary folder for the file's tests, closed and removed after them.
 */
export function withTemporaryDatabase(name: string): void {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clink-test-${name}-`));
  // Creating and migrating a database takes a while on 2 shared cores.
  beforeAll(async () => {
    await openDatabase({ dataDir });
  }, 120_000);
  afterAll(async () => {
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
