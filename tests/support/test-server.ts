import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { keepLogs } from "./test-logs";
import { callingTestFile, recordServerCpu, recordServerStart } from "./test-timings";

/**
 * Starts the production build (build/server) as a real child process on a free port, with a
 * temporary DATA_DIR (PGlite) or, when TEST_DB=postgres, a fresh PostgreSQL database made from
 * TEST_DATABASE_URL. Tests talk to it over HTTP only.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TEST_ADMIN = { email: "admin@test.clink.app", password: "correct horse battery staple" };

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for a clean exit. */
  stop: () => Promise<number | null>;
  /** SIGKILL: a crash, with no chance to clean up. */
  kill: () => Promise<void>;
};

export type StartOptions = {
  env?: Record<string, string>;
  /** Reuse a data folder or database (to restart "the same" site). */
  dataDir?: string;
  databaseUrl?: string;
  /** Resolve when the process exits instead of failing (for tests of refusals at start). */
  expectExit?: boolean;
  /** The test file the time report (test-timings.ts) counts this server under; found on the call's stack otherwise. */
  testFile?: string;
  /** Runs the server with its clock moved, as `faketime -f OFFSET` does (e.g. "+20m"; needs Debian's faketime). */
  faketime?: string;
};

/** libfaketime, as Debian's faketime package installs it (what `faketime` preloads into the program it runs). */
function libfaketime(): string {
  const lib = fs
    .readdirSync("/usr/lib", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join("/usr/lib", entry.name, "faketime", "libfaketimeMT.so.1"))
    .find((file) => fs.existsSync(file));
  if (!lib) throw new Error("libfaketime not found: apt-get install -y faketime (.ci/run installs it)");
  return lib;
}

/**
 * Every server and temporary folder this process made, so that none outlives the run, pass or fail: at the
 * process's exit (and on SIGINT/SIGTERM) the servers still running get SIGKILL and the folders go. The run's
 * global teardown (global-setup.ts) sweeps what a killed worker could not: `clink-test-RUN-*` folders and
 * the servers whose pids this run recorded.
 */
const liveChildren = new Set<ChildProcess>();
const madeDirs = new Set<string>();
let exitHooked = false;

/** Kills the servers still running and removes the folders made, now (a file's end, the process's exit). */
export function cleanUpNow(): void {
  for (const child of liveChildren) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
  liveChildren.clear();
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
  madeDirs.clear();
}

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once("exit", cleanUpNow);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      cleanUpNow();
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  }
}

/** This run's name (set by the global setup), so its teardown finds exactly its own folders and servers. */
function testRunId(): string {
  return process.env.CLINK_TEST_RUN ?? "adhoc";
}

/** The file where this run records its servers' pids (read by the global teardown). */
export function pidFile(run = testRunId()): string {
  return path.join(os.tmpdir(), `clink-test-${run}.pids`);
}

/** A temporary folder removed when this process ends (and by the run's teardown, whatever happens). */
export function makeTempDir(label = ""): string {
  hookExit();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `clink-test-${testRunId()}-${label}`));
  madeDirs.add(dir);
  return dir;
}

/** How long a server may take to stop after SIGTERM before it is killed. */
const STOP_GRACE_MS = 15_000;

export function usingPostgres(): boolean {
  return process.env.TEST_DB === "postgres";
}

/**
 * A database of this run's own on TEST_DATABASE_URL's server: empty, or with `migrated` a copy of the run's
 * migrated template (global-setup.ts), which spares each test server the 38 migrations from nothing.
 */
export async function createTestDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)");
  // Named after the run (set in global-setup) so the run's teardown can drop exactly its own.
  const run = process.env.CLINK_TEST_RUN ?? "adhoc";
  const name = `clink_test_${run}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const template = migrated ? process.env.CLINK_PG_TEMPLATE : undefined;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
    // Commits here do not wait for the WAL to reach the disk: the suites kill servers, never PostgreSQL,
    // so no test depends on it, and the many small commits' flushes made CI wait on I/O.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function queryTestDatabase<T = Record<string, unknown>>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A migrated PGlite folder made once per test run (globalSetup), copied for each server: initdb is slow. */
function pgliteTemplate(): string | undefined {
  const dir = process.env.CLINK_PGLITE_TEMPLATE;
  return dir && fs.existsSync(dir) ? dir : undefined;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const serverEntry = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(serverEntry)) throw new Error("No production build: run `npm run build` first (npm test does).");

  const startedAt = Date.now();
  const testFile = options.testFile ?? callingTestFile();
  // A folder given with nothing in it yet is a site made from nothing (the run's template, a first start).
  const givenEmptyDir = Boolean(options.dataDir) && (!fs.existsSync(options.dataDir!) || fs.readdirSync(options.dataDir!).length === 0);
  let dataDir = options.dataDir;
  let databaseUrl = options.databaseUrl;
  let fromTemplate = false;
  if (!dataDir) {
    dataDir = makeTempDir();
    const template = pgliteTemplate();
    if (template && !usingPostgres() && !databaseUrl) {
      fs.cpSync(template, dataDir, { recursive: true });
      fromTemplate = true;
    }
  }
  if (!databaseUrl && usingPostgres()) {
    // As on PGlite: a folder of the test's own means a site of its own, from nothing (staff-setup's first start).
    const migrated = !options.dataDir;
    databaseUrl = await createTestDatabase({ migrated });
    fromTemplate = migrated && Boolean(process.env.CLINK_PG_TEMPLATE);
  }
  const copyMs = fromTemplate ? Date.now() - startedAt : 0;

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    // glibc's arenas as `npm start`, the Dockerfile and the systemd unit set them (docs/operations.md). Not their
    // MALLOC_TRIM_THRESHOLD_: it gives an idle site ~55 MB back, which no test measures, for ~5 times the page
    // faults under load, and test servers spent about a sixth more CPU with it (decision 0101).
    MALLOC_ARENA_MAX: "2",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // The daily backup runs at a fresh site's first start (a missed period): inside the test's own folder.
    BACKUP_DIR: path.join(dataDir, "backups"),
    SITE_URL: "http://localhost:3000",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "info",
    // Production refuses to start without a mail choice: files (tests/support/outbox-folder.ts) unless a test gives SMTP_URL.
    ...(options.env?.SMTP_URL ? {} : { MAIL_TRANSPORT: "files" }),
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  for (const [key, value] of Object.entries(options.env ?? {})) if (value === "") delete env[key];
  // Preloaded into the server itself (not through the faketime command, which would stand between the
  // test and the server's pid and signals).
  if (options.faketime) Object.assign(env, { LD_PRELOAD: libfaketime(), FAKETIME: options.faketime, FAKETIME_DONT_FAKE_MONOTONIC: "1" });

  hookExit();
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  liveChildren.add(child);
  if (child.pid) fs.appendFileSync(pidFile(), `${child.pid}\n`);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  keepLogs("server", child.pid, child.stdout, child.stderr);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      liveChildren.delete(child);
      resolve(code);
    }),
  );

  const port = await new Promise<number>((resolve, reject) => {
    // A first start runs initdb (about 4 s idle; near a minute seen on a loaded 2-core machine).
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    // Reads only the lines not read yet, and stops once the line is found: matching the whole output again at
    // every chunk, for the server's whole life, took 19 s of the integration runners' CPU in a profiled run (issue 48).
    let unread = 0;
    const onData = () => {
      const match = output.slice(unread).match(/"port":(\d+)[^\n]*"msg":"server listening"/);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        resolve(Number(match[1]));
        return;
      }
      unread = Math.max(unread, output.lastIndexOf("\n") + 1);
    };
    child.stdout!.on("data", onData);
    exited.then((code) => {
      clearTimeout(timer);
      if (options.expectExit) resolve(-1);
      else reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });

  // "restart": the site's own database given again; "fresh": migrated from nothing here.
  const restart = Boolean(options.databaseUrl) || (Boolean(options.dataDir) && !usingPostgres() && !givenEmptyDir);
  if (port > 0)
    recordServerStart(startedAt, {
      copyMs,
      db: databaseUrl ? "postgres" : "pglite",
      how: restart ? "restart" : fromTemplate ? "template-copy" : "fresh",
      file: testFile,
    });
  const server: TestServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databaseUrl,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      recordServerCpu(child.pid, testFile);
      child.kill("SIGTERM");
      // A server that ignores SIGTERM (a stuck shutdown) is killed after the grace period.
      const grace = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(grace);
      }
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      recordServerCpu(child.pid, testFile);
      child.kill("SIGKILL");
      await exited;
    },
  };
  return server;
}

/** Signs in through the API and returns the session cookie ("name=value"). */
export async function signInCookie(server: Pick<TestServer, "url">, credentials = TEST_ADMIN): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}
