import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import net from "node:net";
import { acquireDataDirLock, DataDirLockedError, LOCK_FOLDER, LOCK_SOCKET } from "./data-dir-lock.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** What SIGKILL leaves of a holder: DATA_DIR/.lock/server.sock, a socket file nobody listens on (a second name kept it past close). */
async function staleSocketIn(dir: string) {
  const folder = path.join(dir, LOCK_FOLDER);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, LOCK_SOCKET);
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(file, resolve));
  fs.linkSync(file, `${file}.kept`);
  await new Promise((resolve) => server.close(resolve));
  fs.renameSync(`${file}.kept`, file);
  await new Promise<void>((resolve) => {
    const probe = net.connect(file);
    probe.on("error", (error: NodeJS.ErrnoException) => {
      expect(error.code).toBe("ECONNREFUSED");
      resolve();
    });
  });
}

describe("acquireDataDirLock", () => {
  it("refuses a second holder while the first process runs, naming its pid", async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    fs.writeFileSync(path.join(dir, "clink.lock"), `${other.pid}\n`);
    try {
      await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
      await expect(acquireDataDirLock(dir)).rejects.toThrow(`pid ${other.pid}`);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => gone.once("exit", r));
    fs.writeFileSync(path.join(dir, "clink.lock"), `${gone.pid}\n`);
    const lock = await acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.lockFile)).toBe(false);
  });

  it("creates the folder, and releases only its own lock", async () => {
    const dir = path.join(tempDir(), "nested", "data");
    const lock = await acquireDataDirLock(dir);
    expect(fs.existsSync(lock.lockFile)).toBe(true);
    fs.writeFileSync(lock.lockFile, "999999\n"); // someone else's now
    lock.release();
    expect(fs.existsSync(lock.lockFile)).toBe(true);
  });

  // The old lock-file takeover let two of ten such starters win about one round in three. Here the folder
  // holds a dead server's socket file (as SIGKILL leaves it) and a lock file naming a dead pid; the same ten
  // processes race on a fresh such folder each round (spawning ten anew per round took 15 s a round).
  it("lets exactly one of ten processes starting together on a dead server's socket take it, 20 rounds in a row", async () => {
    const base = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => gone.once("exit", r));
    const moduleUrl = new URL("./data-dir-lock.server.ts", import.meta.url).href;
    const script = path.join(base, "starter.mts");
    fs.writeFileSync(
      script,
      `import { acquireDataDirLock } from ${JSON.stringify(moduleUrl)};
import readline from "node:readline";
let held;
process.stdout.write("ready\\n");
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line === "release") { held?.release(); held = undefined; process.stdout.write("released\\n"); continue; }
  const dir = line.slice(3);
  try { held = await acquireDataDirLock(dir); process.stdout.write("locked " + dir + "\\n"); }
  catch (error) { process.stdout.write("refused " + dir + " " + error.message + "\\n"); }
}`,
    );
    const tsx = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../node_modules/tsx/dist/loader.mjs");
    const starters: Array<{ child: ChildProcess; output: string }> = [];
    const waitFor = async (done: () => boolean) => {
      while (!done()) await new Promise((r) => setTimeout(r, 10));
    };
    try {
      for (let i = 0; i < 10; i++) {
        const child = spawn(process.execPath, ["--import", tsx, script], { stdio: ["pipe", "pipe", "inherit"] });
        const starter = { child, output: "" };
        child.stdout!.on("data", (chunk) => (starter.output += chunk));
        starters.push(starter);
      }
      await waitFor(() => starters.every((s) => s.output.includes("ready")));
      for (let round = 0; round < 20; round++) {
        const dir = path.join(base, `round-${round}`);
        await staleSocketIn(dir);
        fs.writeFileSync(path.join(dir, "clink.lock"), `${gone.pid}\n`);
        for (const { child } of starters) child.stdin!.write(`go ${dir}\n`);
        const answered = (s: { output: string }) => new RegExp(`(locked|refused) ${dir}( |\\n)`).test(s.output);
        await waitFor(() => starters.every(answered));
        const winners = starters.filter((s) => s.output.includes(`locked ${dir}\n`));
        expect(winners, `round ${round}`).toHaveLength(1);
        const winnerPid = winners[0]!.child.pid;
        expect(fs.readFileSync(path.join(dir, "clink.lock"), "utf8").trim()).toBe(String(winnerPid));
        // Every loser names the winner, not the dead pid.
        for (const s of starters.filter((s) => s !== winners[0]))
          expect(s.output).toContain(`refused ${dir} The data folder ${dir} is in use by another Clink process (pid ${winnerPid})`);
        const released = winners[0]!.output.split("released").length;
        winners[0]!.child.stdin!.write("release\n");
        await waitFor(() => winners[0]!.output.split("released").length > released);
        expect(fs.existsSync(path.join(dir, LOCK_FOLDER, LOCK_SOCKET))).toBe(false);
      }
    } finally {
      for (const { child } of starters) child.kill("SIGKILL");
    }
  }, 120_000);

  it("takes over the socket file a killed holder left, in a folder only its owner may enter", async () => {
    const dir = tempDir();
    await staleSocketIn(dir);
    const lock = await acquireDataDirLock(dir);
    expect(fs.statSync(path.join(dir, LOCK_FOLDER)).mode & 0o777).toBe(0o700);
    await expect(acquireDataDirLock(dir, process.pid + 1)).rejects.toThrow(`pid ${process.pid})`);
    lock.release();
  });

  it("holds a folder whose socket path is too long for a socket address", async () => {
    const dir = path.join(tempDir(), "d".repeat(120));
    const lock = await acquireDataDirLock(dir);
    expect(fs.readdirSync(path.join(dir, LOCK_FOLDER))).toEqual([LOCK_SOCKET]);
    await expect(acquireDataDirLock(dir, process.pid + 1)).rejects.toThrow(DataDirLockedError);
    lock.release();
    await expect.poll(() => fs.readdirSync(path.join(dir, LOCK_FOLDER))).toEqual([]);
    (await acquireDataDirLock(dir)).release();
  });

  it("is free again as soon as its holder is killed", async () => {
    const dir = tempDir();
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir, process.pid + 1)).rejects.toThrow(DataDirLockedError);
    lock.release();
    const again = await acquireDataDirLock(dir);
    again.release();
  });
});
