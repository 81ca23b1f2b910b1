import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The data folder's lock was an abstract Unix socket, which any user of the machine reached: a peer that
 * connected and reset (or closed before the pid was written) killed the server with an unhandled
 * EPIPE / ECONNRESET, 4 times out of 4, also as `nobody` (issue 30). It is now DATA_DIR/.lock/server.sock, in a
 * folder only its owner may enter (app/core/instance/data-dir-lock.server.ts, decision record 0041).
 */
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

const lockSocket = (dataDir: string) => path.join(dataDir, ".lock", "server.sock");
/** The names held before (the lock) and now only while a server starts (the start mutex): nobody listens on them once it serves. */
const abstractNames = (dataDir: string) =>
  ["clink-data-dir-", "clink-data-dir-start-"].map(
    (prefix) => `\0${prefix}${createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 40)}`,
  );

/** Connects to the socket and drops the connection at once, before the server has written its answer. */
function resetOnce(address: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ path: address });
    socket.on("error", () => resolve());
    socket.on("close", () => resolve());
    // resetAndDestroy() is for TCP (a Unix socket's handle refuses it): closing at once does the same here.
    socket.on("connect", () => socket.destroy());
  });
}

/** What `nobody` gets connecting to each address: "connected" or the error's code. */
function connectAsNobody(addresses: string[], dataDir: string): Record<string, string> {
  const script = `const fs=require("fs"),net=require("net");fs.readdirSync(${JSON.stringify(dataDir)});
const out={};let left=${addresses.length};
for(const a of ${JSON.stringify(addresses)}){const s=net.connect({path:a});
const done=(r)=>{out[a]=r;s.destroy();if(--left===0)process.stdout.write(JSON.stringify(out));};
s.on("connect",()=>done("connected"));s.on("error",(e)=>done(e.code));}`;
  return JSON.parse(execFileSync("runuser", ["-u", "nobody", "--", process.execPath, "-e", script], { encoding: "utf8" })) as Record<
    string,
    string
  >;
}

describe.skipIf(usingPostgres())("the data folder's lock socket", { timeout: 120_000 }, () => {
  it("survives peers that reset their connections", async () => {
    const server = await startTestServer();
    servers.push(server);
    const address = lockSocket(server.dataDir);
    for (let i = 0; i < 50; i++) await resetOnce(address);
    await Promise.all(Array.from({ length: 50 }, () => resetOnce(address)));
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output()).not.toMatch(/EPIPE|ECONNRESET/);
  });

  it.runIf(process.getuid?.() === 0)(
    "cannot be reached by another user of the machine, while the owner's second start is refused",
    async () => {
      const server = await startTestServer();
      servers.push(server);
      // The data folder itself is open to others here (0755 up to it), so only the lock's own folder keeps them out.
      for (let dir = server.dataDir; dir !== path.dirname(dir) && dir.startsWith(os.tmpdir() + "/"); dir = path.dirname(dir))
        fs.chmodSync(dir, 0o755);
      expect(fs.statSync(path.join(server.dataDir, ".lock")).mode & 0o777).toBe(0o700);
      const [oldLock, startMutex] = abstractNames(server.dataDir);
      const answers = connectAsNobody([lockSocket(server.dataDir), oldLock!, startMutex!], server.dataDir);
      expect(answers).toEqual({ [lockSocket(server.dataDir)]: "EACCES", [oldLock!]: "ECONNREFUSED", [startMutex!]: "ECONNREFUSED" });

      const second = await startTestServer({ dataDir: server.dataDir, expectExit: true });
      const code = await new Promise<number | null>((resolve) =>
        second.child.exitCode !== null ? resolve(second.child.exitCode) : second.child.once("exit", resolve),
      );
      expect(code).not.toBe(0);
      expect(second.output()).toContain(`in use by another Clink process (pid ${server.child.pid})`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    },
  );

  it("of a server killed with SIGKILL is taken over by the next start", async () => {
    const first = await startTestServer();
    await first.kill();
    expect(fs.existsSync(lockSocket(first.dataDir))).toBe(true); // what SIGKILL leaves
    const second = await startTestServer({ dataDir: first.dataDir });
    servers.push(second);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(fs.readFileSync(path.join(first.dataDir, "clink.lock"), "utf8").trim()).toBe(String(second.child.pid));
  });
});
