import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runOnStoppedSite } from "./database-rows";
import { createTestDatabase, pidFile, queryTestDatabase, startTestServer } from "./test-server";

/**
 * Names this run, so that its teardown removes exactly what the run made, pass or fail: every
 * `clink-test-RUN-*` folder, every server whose pid the run recorded and still runs, and on PostgreSQL the
 * run's databases. Also makes one migrated database for the run, which each test server starts from a copy
 * of: on PGlite a data folder, on PostgreSQL a template database (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project?: { config?: { env?: Record<string, string | undefined> } }) {
  const postgres = (project?.config?.env?.TEST_DB ?? process.env.TEST_DB) === "postgres";
  // A database's second project (its files that run alone) uses the run and the template its first project made
  // in this same process, whose teardown removes both: a second template cost 8-10 s before any test ran.
  if (postgres ? process.env.CLINK_PG_TEMPLATE : process.env.CLINK_PGLITE_TEMPLATE) return;
  const run = randomBytes(4).toString("hex");
  process.env.CLINK_TEST_RUN = run;
  const sweep = () => sweepRun(run);
  // The project's own env (TEST_DB) reaches its workers, not this process: read it from the project that
  // Vitest hands the setup. Reading process.env here made every PostgreSQL test server migrate from nothing
  // (102 starts of CI's 338, 8 s each on a loaded machine: reports/test-times.md, issue 48).
  if (postgres) {
    const templateUrl = await createTestDatabase();
    try {
      const server = await startTestServer({ databaseUrl: templateUrl, env: { SEED_DEMO: "false" } });
      const code = await server.stop();
      if (code !== 0) throw new Error(`template server did not stop cleanly (exit ${code}):\n${server.output()}`);
      await runOnStoppedSite({ dataDir: server.dataDir, databaseUrl: templateUrl }, NEVER_BACKED_UP);
    } catch (error) {
      sweep();
      throw error;
    }
    process.env.CLINK_PG_TEMPLATE = new URL(templateUrl).pathname.slice(1);
    return async () => {
      sweep();
      const base = process.env.TEST_DATABASE_URL!;
      const rows = await queryTestDatabase<{ datname: string }>(
        base,
        `select datname from pg_database where datname like 'clink_test_${run}_%'`,
      );
      for (const { datname } of rows) await queryTestDatabase(base, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    };
  }
  const dir = await makePgliteTemplate(run);
  return () => {
    sweep();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The template's server took the day's first backup as it started and was stopped at once: a copy then held that
 * backup's job and row as the template's stop left them, finished or running, and on PostgreSQL a copy's own
 * first backup ran or not by that race (ops-backup-interrupted failed in CI on a backup that never came). With
 * them removed every copy is a site never backed up, which takes its first backup as it starts (issue 48).
 */
const NEVER_BACKED_UP = "delete from jobs where type = 'ops.backup'; delete from ops_backups;";

/**
 * A migrated PGlite folder for the run (CLINK_PGLITE_TEMPLATE), which each test server starts from a copy of:
 * migrations from nothing cost 25-30 s on a loaded 2-core machine, a copy well under one. Used by the
 * Vitest projects and the browser suite alike.
 */
export async function makePgliteTemplate(run: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `clink-test-${run}-template-`));
  try {
    const server = await startTestServer({ dataDir: dir, env: { SEED_DEMO: "false" } });
    const code = await server.stop();
    if (code !== 0) {
      throw new Error(`template server did not stop cleanly (exit ${code}, signal ${server.child.signalCode}):\n${server.output()}`);
    }
    await runOnStoppedSite({ dataDir: dir }, NEVER_BACKED_UP);
    fs.rmSync(path.join(dir, "backups"), { recursive: true, force: true });
  } catch (error) {
    sweepRun(run); // no teardown runs after a failed setup
    throw error;
  }
  fs.rmSync(path.join(dir, "clink.lock"), { force: true });
  fs.rmSync(path.join(dir, ".lock"), { recursive: true, force: true }); // a socket file cannot be copied
  process.env.CLINK_PGLITE_TEMPLATE = dir;
  return dir;
}

/** Kills this run's servers still alive (only processes running our server.js) and removes its folders. */
export function sweepRun(run: string): void {
  const pids = fs.existsSync(pidFile(run)) ? fs.readFileSync(pidFile(run), "utf8").split("\n").filter(Boolean).map(Number) : [];
  for (const pid of pids) {
    try {
      // A recorded pid may have been reused by another program since: only our server is killed.
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes("server.js")) process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  fs.rmSync(pidFile(run), { force: true });
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (name.startsWith(`clink-test-${run}-`)) fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}
