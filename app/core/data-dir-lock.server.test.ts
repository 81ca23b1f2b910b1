import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

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

  // The old lock-file takeover let two of ten such starters win about one round in three.
  it.each([1, 2, 3])("lets exactly one of many processes starting together on a folder with a stale lock take it (round %i)", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => gone.once("exit", r));
    fs.writeFileSync(path.join(dir, "clink.lock"), `${gone.pid}\n`);
    // Each starter waits for "go" on stdin, so that they all reach for the lock at the same moment.
    const moduleUrl = new URL("./data-dir-lock.server.ts", import.meta.url).href;
    const script = path.join(dir, "..", `${path.basename(dir)}-starter.mts`);
    fs.writeFileSync(
      script,
      `import { acquireDataDirLock } from ${JSON.stringify(moduleUrl)};
process.stdout.write("ready\\n");
process.stdin.once("data", async () => {
  try { await acquireDataDirLock(${JSON.stringify(dir)}); process.stdout.write("locked\\n"); }
  catch (error) { process.stdout.write("refused " + error.message + "\\n"); }
  setInterval(() => {}, 1000);
});`,
    );
    const tsx = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../node_modules/tsx/dist/loader.mjs");
    const starters: Array<{ child: ChildProcess; output: string }> = [];
    try {
      for (let i = 0; i < 10; i++) {
        const child = spawn(process.execPath, ["--import", tsx, script], { stdio: ["pipe", "pipe", "inherit"] });
        const starter = { child, output: "" };
        child.stdout!.on("data", (chunk) => (starter.output += chunk));
        starters.push(starter);
      }
      const waitFor = async (done: () => boolean) => {
        while (!done()) await new Promise((r) => setTimeout(r, 20));
      };
      await waitFor(() => starters.every((s) => s.output.includes("ready")));
      for (const { child } of starters) child.stdin!.write("go\n");
      await waitFor(() => starters.every((s) => /locked|refused/.test(s.output)));
      const winners = starters.filter((s) => s.output.includes("locked"));
      expect(winners).toHaveLength(1);
      const winnerPid = winners[0]!.child.pid;
      expect(fs.readFileSync(path.join(dir, "clink.lock"), "utf8").trim()).toBe(String(winnerPid));
      // Every loser names the winner, not the dead pid.
      for (const s of starters.filter((s) => !s.output.includes("locked"))) expect(s.output).toContain(`pid ${winnerPid})`);
    } finally {
      for (const { child } of starters) child.kill("SIGKILL");
      fs.rmSync(script, { force: true });
    }
  }, 60_000);

  it("is free again as soon as its holder is killed", async () => {
    const dir = tempDir();
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir, process.pid + 1)).rejects.toThrow(DataDirLockedError);
    lock.release();
    const again = await acquireDataDirLock(dir);
    again.release();
  });
});
