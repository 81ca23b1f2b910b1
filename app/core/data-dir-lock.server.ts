import fs from "node:fs";
import path from "node:path";

/**
 * PGlite takes no lock on its folder, and a second process opening it during writes can
 * corrupt it for good. We hold an exclusive lock file (created with O_EXCL) holding our pid.
 * A lock left by a process that no longer runs (after a crash or SIGKILL) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Clink process (pid ${holderPid}). ` +
        `Stop that process first, or start this one with another DATA_DIR.`,
    );
  }
}

export type DataDirLock = { release: () => void; lockFile: string };

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockFile: string): number | null {
  try {
    return Number.parseInt(fs.readFileSync(lockFile, "utf8").trim(), 10);
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "clink.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockFile, "wx", 0o644);
      fs.writeSync(fd, `${pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      let released = false;
      return {
        lockFile,
        release: () => {
          if (released) return;
          released = true;
          if (readHolder(lockFile) === pid) fs.rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockFile);
      if (holder !== null && holder !== pid && isRunning(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // Stale lock (its process is gone, or the file is empty): remove it and try again.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
