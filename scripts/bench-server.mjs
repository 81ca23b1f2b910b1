// What the benches that start a site of their own share: a free port, the site started and signed in to,
// waiting for /healthz, JSON calls that wait as long as they take, a bare node:http server to compare with.
// BENCH_SERVER_ARGS gives the site's node flags (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where
// its time went).
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { onPostgres } from "./bench-postgres.mjs";

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

export const BENCH_ADMIN = { email: "bench@clink.app", password: "bench password 12345" };

/**
 * Starts the built site (server.js in `root`) on a free port over `dataDir`, on PGlite or `databaseUrl`,
 * mail written to files, with `env` on top; resolves once /healthz answers.
 */
export async function startBenchSite(root, dataDir, databaseUrl, env = {}) {
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
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await untilHealthy(child, url, 300);
  return { url, stop: () => (child.kill("SIGTERM"), exited) };
}

/** Signs the bench's admin in; the session cookie. */
export async function signIn(url) {
  const login = await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(BENCH_ADMIN) });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers.get("set-cookie").split(";")[0];
}

/** A JSON request by node:http, which waits as long as the answer takes (fetch gives up after 300 s). */
export function callJson(url, cookie, method, pathname, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url + pathname, { method, headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => (response.statusCode >= 300 ? reject(new Error(`${method} ${pathname}: ${response.statusCode} ${text}`)) : resolve(JSON.parse(text))));
    });
    request.on("error", reject);
    request.end(payload);
  });
}

/** A bare node:http server answering `body` as /healthz does, for the figures beside ours. */
export async function startBare(body) {
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(body));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) };
}

/** A fresh database beside BENCH_DATABASE_URL's (dropped by `drop`), or PGlite when it is not set. */
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
