// What the benches that start a site of their own share: a free port, waiting for /healthz, a scratch data
// folder and database, seeding, signing in, JSON calls that wait as long as they take, a bare node:http server
// and a row beside it, and running one bench alone. BENCH_SERVER_ARGS gives the site's node flags (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time went).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
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
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_ARGS ?? "").split(" ").filter(Boolean), "server.js"], {
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
  const database = await benchDatabase(`clink_bench_${name}`);
  try {
    return await work({ dataDir, databaseUrl: database.databaseUrl, database: database.label });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
    await database.drop();
  }
}

/** A fresh database beside BENCH_DATABASE_URL's (dropped by `drop`), or PGlite ("" as its address) when it is not set. */
export async function benchDatabase(name) {
  const pgBase = process.env.BENCH_DATABASE_URL;
  if (!pgBase) return { databaseUrl: "", label: "PGlite", drop: async () => {} };
  const database = `${name}_${process.pid}_${Date.now()}`;
  await onPostgres(pgBase, (client) => client.query(`create database ${database}`));
  return {
    databaseUrl: Object.assign(new URL(pgBase), { pathname: `/${database}` }).toString(),
    label: "PostgreSQL",
    drop: () => onPostgres(pgBase, (client) => client.query(`drop database ${database} with (force)`)),
  };
}

/** startSite for the benches that manage their own folder (bench-lanes, bench-redirects): healthy within 300 s, quiet logs. */
export const startBenchSite = (_root, dataDir, databaseUrl, env = {}) =>
  startSite({ dataDir, databaseUrl }, { LOG_LEVEL: "warn", ...env }, { healthySeconds: 300 });

/** A JSON request by node:http, which waits as long as the answer takes (fetch gives up after 300 s). */
export function callJson(url, cookie, method, pathname, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url + pathname,
      { method, headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          response.statusCode >= 300
            ? reject(new Error(`${method} ${pathname}: ${response.statusCode} ${text}`))
            : resolve(JSON.parse(text)),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** A bare node:http server answering `body` as /healthz does, for the figures beside ours. */
export async function startBare(body) {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(body),
  );
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))),
  };
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
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
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
