import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The data folder's lock is an abstract Unix socket, which any user of the machine can reach. A peer that
 * connects and resets (or closes before the pid is written) once killed the server with an unhandled
 * EPIPE / ECONNRESET, 4 times out of 4, also as `nobody` (issue 30). The name is the one
 * app/core/data-dir-lock.server.ts binds.
 */
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

const lockName = (dataDir: string) => `\0clink-data-dir-${createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 40)}`;

/** Connects to the socket and drops the connection at once, before the server has written its answer. */
function resetOnce(name: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: name });
    socket.on("error", () => resolve());
    socket.on("close", () => resolve());
    // resetAndDestroy() is for TCP (a Unix socket's handle refuses it): closing at once does the same here.
    socket.on("connect", () => socket.destroy());
  });
}

describe.skipIf(usingPostgres())("the data folder's lock socket", { timeout: 120_000 }, () => {
  it("survives peers that reset their connections, this user's and another's", async () => {
    const server = await startTestServer();
    servers.push(server);
    const name = lockName(server.dataDir);
    for (let i = 0; i < 50; i++) await resetOnce(name);
    await Promise.all(Array.from({ length: 50 }, () => resetOnce(name)));
    if (process.getuid?.() === 0) {
      // Another user of the machine: `nobody`, as in the report.
      const script = `const s=require("net").connect({path:${JSON.stringify(name)}});s.on("error",()=>{});s.on("connect",()=>s.destroy());`;
      for (let i = 0; i < 5; i++) execFileSync("runuser", ["-u", "nobody", "--", process.execPath, "-e", script]);
    }
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output()).not.toMatch(/EPIPE|ECONNRESET/);
  });
});
