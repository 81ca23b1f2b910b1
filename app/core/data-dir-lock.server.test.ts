import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${other.pid}`);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => gone.once("exit", r));
    fs.writeFileSync(path.join(dir, "clink.lock"), `${gone.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.lockFile)).toBe(false);
  });

  it("creates the folder, and releases only its own lock", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const lock = acquireDataDirLock(dir);
    expect(fs.existsSync(lock.lockFile)).toBe(true);
    fs.writeFileSync(lock.lockFile, "999999\n"); // someone else's now
    lock.release();
    expect(fs.existsSync(lock.lockFile)).toBe(true);
  });
});
