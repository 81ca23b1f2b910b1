import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { queryTestDatabase, startTestServer } from "./test-server";

/**
 * PGlite: makes one migrated data folder for the run; each test server starts from a copy of it.
 * PostgreSQL: names this run, so that teardown drops the databases the run created.
 */
export default async function setup() {
  if (process.env.TEST_DB === "postgres") {
    const run = randomBytes(4).toString("hex");
    process.env.CLINK_TEST_RUN = run;
    return async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const rows = await queryTestDatabase<{ datname: string }>(
        base,
        `select datname from pg_database where datname like 'clink_test_${run}_%'`,
      );
      for (const { datname } of rows) await queryTestDatabase(base, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-template-"));
  const server = await startTestServer({ dataDir: dir, env: { SEED_DEMO: "false" } });
  const code = await server.stop();
  if (code !== 0) {
    throw new Error(`template server did not stop cleanly (exit ${code}, signal ${server.child.signalCode}):\n${server.output()}`);
  }
  fs.rmSync(path.join(dir, "clink.lock"), { force: true });
  process.env.CLINK_PGLITE_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
