import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite takes no lock on its folder, and a second process opening it during writes can
 * corrupt it for good. The lock is held by the operating system: the process binds a Unix
 * socket in Linux's abstract namespace, named after the folder. Binding is atomic (exactly one
 * process gets the name), and the kernel frees the name when the process ends however it ends,
 * so there is no stale lock to take over and no race in taking one over (two starters once both
 * "took over" a dead pid's lock file, and a loser deleted the winner's). The file
 * DATA_DIR/clink.lock still holds the owner's pid, for people and for older versions; a process
 * that finds the name taken asks the owner for its pid over the socket.
 *
 * Elsewhere than Linux (no abstract sockets) the lock file alone is used, created with O_EXCL.
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
    const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8").trim(), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

const socketName = (dataDir: string) => `\0clink-data-dir-${createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 40)}`;

/** Binds the folder's socket name: the server when we now own it, "taken" when a live process does. */
function bindGuard(name: string, pid: number): Promise<net.Server | "taken"> {
  return new Promise((resolve, reject) => {
    // Any user of the machine can reach an abstract socket (it has no file permissions): a peer that resets
    // the connection must cost this process nothing, so every socket's errors are handled (issue 30).
    const server = net.createServer((socket) => {
      socket.on("error", () => socket.destroy());
      socket.end(`${pid}\n`);
    });
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve("taken") : reject(error)));
    server.listen({ path: name, exclusive: true }, () => {
      server.unref(); // holding the lock must not keep the process alive
      server.on("error", () => undefined); // once bound, nothing a peer does is an error of the server's
      resolve(server);
    });
  });
}

/** The owner's pid, as it answers on the socket (or, failing that, as its lock file says). */
function askOwner(name: string, lockFile: string): Promise<number> {
  return new Promise((resolve) => {
    let answer = "";
    const fallback = () => resolve(readHolder(lockFile) ?? 0);
    const socket = net.connect({ path: name });
    socket.setTimeout(2000, () => socket.destroy());
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", fallback);
    socket.on("close", () => {
      const pid = Number.parseInt(answer.trim(), 10);
      if (Number.isInteger(pid) && pid > 0) resolve(pid);
      else fallback();
    });
  });
}

function writeLockFile(lockFile: string, pid: number) {
  // Written beside and renamed into place, so a reader never sees a half-written pid.
  const temporary = `${lockFile}.${pid}.tmp`;
  fs.writeFileSync(temporary, `${pid}\n`, { mode: 0o644 });
  fs.renameSync(temporary, lockFile);
}

/** Released once: the file goes only while it still names us (never another process's lock). */
function heldLock(lockFile: string, pid: number, onRelease?: () => void): DataDirLock {
  let released = false;
  return {
    lockFile,
    release: () => {
      if (released) return;
      released = true;
      if (readHolder(lockFile) === pid) fs.rmSync(lockFile, { force: true });
      onRelease?.();
    },
  };
}

export async function acquireDataDirLock(dataDir: string, pid: number = process.pid): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "clink.lock");
  if (process.platform !== "linux") return acquireByLockFile(dataDir, lockFile, pid);

  const name = socketName(dataDir);
  const guard = await bindGuard(name, pid);
  if (guard === "taken") throw new DataDirLockedError(dataDir, await askOwner(name, lockFile));
  try {
    // A lock file naming another live process is a server of a version without the socket.
    const holder = readHolder(lockFile);
    if (holder !== null && holder !== pid && isRunning(holder)) throw new DataDirLockedError(dataDir, holder);
    writeLockFile(lockFile, pid);
  } catch (error) {
    guard.close();
    throw error;
  }
  return heldLock(lockFile, pid, () => guard.close());
}

/** Without abstract sockets: an O_EXCL lock file holding the pid; a dead pid's file is taken over. */
function acquireByLockFile(dataDir: string, lockFile: string, pid: number): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockFile, "wx", 0o644);
      fs.writeSync(fd, `${pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return heldLock(lockFile, pid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockFile);
      if (holder !== null && holder !== pid && isRunning(holder)) throw new DataDirLockedError(dataDir, holder);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
