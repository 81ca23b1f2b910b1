// What the benches that start a site of their own share: a free port, waiting for /healthz, a scratch data
// folder and database, seeding, signing in, a row beside the bare server, and running one bench alone.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { onPostgres } from "./bench-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once the spawned site at `url` answers /healthz (so at any LOG_LEVEL); kills it after `seconds`. */
export async function untilHealthy(child, url, seconds) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy in ${seconds} s`);
}

/** The admin the benches' sites are started with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: "bench@clink.app", password: "bench password 12345" };

/**
 * Starts the built site on a scratch site's folder and database (`env` added to the bench's settings); ready
 * when /healthz answers (within `healthySeconds`). `seen` resolves once its log shows `watch` (e.g. a job done).
 */
export async function startSite({ dataDir, databaseUrl }, env = {}, { watch = null, healthySeconds = 60 } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, "backups"),
      SEED_DEMO: "false",
      MAIL_TRANSPORT: "files",
      LOG_LEVEL: "info",
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ["ignore", watch ? "pipe" : "ignore", "inherit"],
  });
  let log = "";
  const seen = new Promise((resolve) =>
    child.stdout?.on("data", (chunk) => {
      log = (log + chunk).slice(-10_000);
      if (watch.test(log)) resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await untilHealthy(child, url, healthySeconds);
  return { url, seen, stop: () => (child.kill("SIGTERM"), exited) };
}

/**
 * Runs `work` with a scratch site: a data folder of its own and, with BENCH_DATABASE_URL, a fresh PostgreSQL
 * database beside that one (else the embedded PGlite in the folder); both are removed afterwards. `name` (a
 * word, no hyphen) names them. `work` gets { dataDir, databaseUrl ("" for PGlite), database (for the rows) }.
 */
export async function withScratchSite(name, work) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clink-bench-${name}-`));
  const pgBase = process.env.BENCH_DATABASE_URL;
  const pgDatabase = `clink_bench_${name}_${process.pid}_${Date.now()}`;
  const databaseUrl = pgBase ? Object.assign(new URL(pgBase), { pathname: `/${pgDatabase}` }).toString() : "";
  if (pgBase) await onPostgres(pgBase, (client) => client.query(`create database ${pgDatabase}`));
  try {
    return await work({ dataDir, databaseUrl, database: databaseUrl ? "PostgreSQL" : "PGlite" });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
    if (pgBase) await onPostgres(pgBase, (client) => client.query(`drop database ${pgDatabase} with (force)`));
  }
}

/** Seeds a scratch site's database while its server is stopped (then `analyze` on PostgreSQL, as a live one would have). */
export async function seedSite({ dataDir, databaseUrl }, sql) {
  if (databaseUrl) await onPostgres(databaseUrl, async (client) => (await client.query(sql), await client.query("analyze")));
  else {
    const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
    await db.exec(sql);
    await db.close();
  }
}

/** Signs the bench's admin in to the site at `url`: its session cookie. */
export async function signIn(url) {
  const login = await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(BENCH_ADMIN) });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers.get("set-cookie").split(";")[0];
}

/** A page's figures under load beside the bare node:http server's on the same bytes (`load` results). */
export const besideBare = (ours, theirs) => ({
  "req/s": ours.rps,
  "bare req/s": theirs.rps,
  ratio: (ours.rps / Math.max(1, theirs.rps)).toFixed(2),
  "p50 ms": ours.p50,
  "p95 ms": ours.p95,
  "p99 ms": ours.p99,
});

/** A bench file run by itself (`npm run bench:x`), not from `npm run bench`: it needs the build, and prints its rows. */
export async function runAlone(moduleUrl, rows) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
  console.table(await rows());
}
