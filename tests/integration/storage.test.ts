import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { queryTestDatabase, ROOT, signInCookie, startTestServer, usingPostgres } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";
import { waitFor } from "../support/eventually";

const track = serversStoppedAfterEach("kill");

const isAuthenticated = async (url: string, cookie: string) =>
  ((await (await fetch(`${url}/api/admin/session`, { headers: { cookie } })).json()) as { authenticated: boolean }).authenticated;

describe("durability", () => {
  it("keeps every acknowledged write when the server is killed (SIGKILL) mid-stream", async () => {
    const first = track(await startTestServer());
    // Each successful sign-in writes a session row; a 200 is the acknowledgement.
    const acknowledged: string[] = [];
    let running = true;
    const writer = async () => {
      while (running) {
        try {
          acknowledged.push(await signInCookie(first));
        } catch {
          return; // the server died under us: this write was never acknowledged
        }
      }
    };
    const writers = [writer(), writer(), writer()];
    // Kill once enough writes are acknowledged, however long that takes on a loaded machine, while
    // the writers are still sending more.
    const enough = 10;
    await waitFor(() => acknowledged.length >= enough, `${enough} acknowledged writes`, 120_000);
    await first.kill();
    running = false;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(enough);

    const second = track(await startTestServer({ dataDir: first.dataDir, databaseUrl: first.databaseUrl }));
    const lost: string[] = [];
    for (const cookie of acknowledged) if (!(await isAuthenticated(second.url, cookie))) lost.push(cookie);
    expect(lost, `${lost.length} of ${acknowledged.length} acknowledged sessions lost`).toEqual([]);
  });
});

describe.runIf(!usingPostgres())("the embedded database folder", () => {
  it("refuses a second process on the same DATA_DIR, naming the holder, and the data survives", async () => {
    const first = track(await startTestServer());
    const cookie = await signInCookie(first);
    const second = await startTestServer({ dataDir: first.dataDir, expectExit: true });
    const code = await new Promise<number | null>((resolve) =>
      second.child.exitCode !== null ? resolve(second.child.exitCode) : second.child.once("exit", resolve),
    );
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`in use by another Clink process (pid ${first.child.pid})`);
    // The first process still serves, with its data.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(await isAuthenticated(first.url, cookie)).toBe(true);
    // And after a clean stop and restart the data is still there.
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(first.dataDir, "clink.lock"))).toBe(false);
    const third = track(await startTestServer({ dataDir: first.dataDir }));
    expect(await isAuthenticated(third.url, cookie)).toBe(true);
  });
});

describe.runIf(usingPostgres())("several instances on one PostgreSQL database", () => {
  it("run migrations safely when they start at once, and share sessions", async () => {
    const [a, b] = await Promise.all([startTestServer(), startTestServer()]);
    track(a!);
    track(b!);
    const shared = await startTestServer({ databaseUrl: a!.databaseUrl });
    track(shared);
    const cookie = await signInCookie(a!);
    expect(await isAuthenticated(shared.url, cookie)).toBe(true);
  });
});

describe.runIf(usingPostgres())("health", () => {
  it("answers 503 when the database stops answering", async () => {
    const server = track(await startTestServer());
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const name = new URL(server.databaseUrl!).pathname.slice(1);
    await queryTestDatabase(process.env.TEST_DATABASE_URL!, `DROP DATABASE ${name} WITH (FORCE)`);
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
  });
});

describe("configuration", () => {
  it("stops at start with a message naming a bad variable", async () => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", PORT: "not-a-port", DATA_DIR: "/tmp/clink-never-used" },
    });
    let output = "";
    child.stderr.on("data", (c) => (output += c));
    child.stdout.on("data", (c) => (output += c));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("PORT");
  });

  it("finishes in-flight work and exits 0 on SIGTERM", async () => {
    const server = await startTestServer();
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain("database closed");
  });
});
