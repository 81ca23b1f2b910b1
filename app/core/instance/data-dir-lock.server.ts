import { digestOf } from "../secrets/digest.server";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite takes no lock on its folder, and a second process opening it during writes can corrupt it for
 * good (decision records 0002 and 0041). On Linux the lock is a Unix socket the server listens on,
 * DATA_DIR/.lock/server.sock, inside a folder only its owner may enter (0700): another user of the machine
 * cannot connect to it, nor learn anything from it (issue 30: an abstract socket, which any user reaches,
 * was held before). A socket that accepts is a live holder, whatever it is doing; one that refuses
 * (ECONNREFUSED: its process died, even by SIGKILL) or is missing is free. Taking over a dead process's
 * socket file (unlink, then bind) is not atomic by itself: two starters could both find it dead and the
 * second unlink the first's fresh socket. So every decision is made under a start mutex: an abstract
 * socket bound only while one starter looks and binds (milliseconds), exclusive by the kernel and freed by
 * it however the starter ends. A starter that finds the mutex taken waits for it.
 *
 * The file DATA_DIR/clink.lock still holds the owner's pid, for people and for older versions (which held
 * only an abstract socket and the file). Elsewhere than Linux (no abstract sockets) the lock file alone is
 * used, created with O_EXCL.
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

/** The folder holding the lock's socket, and the socket's name in it. */
export const LOCK_FOLDER = ".lock";
export const LOCK_SOCKET = "server.sock";
/** How long a starter waits for another starter's decision (each takes milliseconds). */
const START_WAIT_MS = 10_000;
/** A Unix socket's path has room for 107 bytes (sun_path); Node silently cuts a longer one. */
const MAX_SOCKET_PATH = 100;

/** DATA_DIR/.lock, made or made private (0700): refused when it is not a folder or is another user's. */
function privateFolder(dataDir: string): string {
  const folder = path.join(dataDir, LOCK_FOLDER);
  try {
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const stat = fs.lstatSync(folder);
  if (!stat.isDirectory()) throw new Error(`${folder} is not a folder: remove it, then start again.`);
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && stat.uid !== uid) {
    throw new Error(`${folder} belongs to another user (uid ${stat.uid}): run Clink as the user that owns ${dataDir}.`);
  }
  if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(folder, 0o700);
  return folder;
}

/**
 * Where to bind or reach the socket: its path, or, when that is too long for a socket address, the same
 * file through a descriptor of its folder (/proc/self/fd/N/server.sock), kept open while the lock is held.
 */
function socketAddress(folder: string): { path: string; close: () => void } {
  const file = path.join(folder, LOCK_SOCKET);
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) return { path: file, close: () => undefined };
  const fd = fs.openSync(folder, "r");
  let open = true;
  return {
    path: `/proc/self/fd/${fd}/${LOCK_SOCKET}`,
    close: () => {
      if (open) fs.closeSync(fd);
      open = false;
    },
  };
}

/** The start mutex's abstract name, after the folder (abstract: no file, freed by the kernel with its holder). */
const startMutexName = (dataDir: string) => `\0clink-data-dir-start-${digestOf(fs.realpathSync(dataDir), "hex").slice(0, 40)}`;

/**
 * Listens on a Unix socket: the server, or "in use" when the address is taken. Every socket's errors are
 * handled and the server ignores errors once bound: a peer that resets its connection costs nothing (issue 30).
 */
function listenOn(address: string, answer: (socket: net.Socket) => void): Promise<net.Server | "in use"> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on("error", () => socket.destroy());
      answer(socket);
    });
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve("in use") : reject(error)));
    server.listen({ path: address, exclusive: true }, () => {
      server.unref(); // holding the lock must not keep the process alive
      server.on("error", () => undefined);
      resolve(server);
    });
  });
}

/** Takes the start mutex, waiting while another starter holds it (it decides in milliseconds). */
async function takeStartMutex(dataDir: string): Promise<net.Server> {
  const name = startMutexName(dataDir);
  const until = Date.now() + START_WAIT_MS;
  for (;;) {
    const mutex = await listenOn(name, (socket) => socket.destroy());
    if (mutex !== "in use") return mutex;
    if (Date.now() > until) {
      throw new Error(
        `Another process has been starting on the data folder ${dataDir} for ${START_WAIT_MS / 1000} s: try again once it has started or stopped.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
}

/** "alive" when a process listens on the socket (even one too busy to answer), "free" when none does. */
function probe(address: string): Promise<"alive" | "free"> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ path: address });
    socket.on("connect", () => {
      socket.destroy();
      resolve("alive");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      socket.destroy();
      // ECONNREFUSED: the file of a process that died (however: SIGKILL leaves it); ENOENT: no file.
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve("free");
      // EAGAIN: its queue of connections is full, so it lives and is busy.
      else if (error.code === "EAGAIN") resolve("alive");
      else reject(error);
    });
  });
}

/** The owner's pid, as it answers on the socket (or, failing that, as its lock file says). */
function askOwner(address: string, lockFile: string): Promise<number> {
  return new Promise((resolve) => {
    let answer = "";
    const fallback = () => resolve(readHolder(lockFile) ?? 0);
    const socket = net.connect({ path: address });
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

  const address = socketAddress(privateFolder(dataDir));
  let server: net.Server | undefined;
  try {
    const mutex = await takeStartMutex(dataDir);
    try {
      if ((await probe(address.path)) === "free") {
        fs.rmSync(address.path, { force: true }); // a dead process's socket file
        const bound = await listenOn(address.path, (socket) => socket.end(`${pid}\n`));
        if (bound === "in use")
          throw new Error(`Could not lock the data folder ${dataDir}: ${path.join(dataDir, LOCK_FOLDER, LOCK_SOCKET)} reappeared.`);
        server = bound;
      }
    } finally {
      mutex.close();
    }
    if (!server) throw new DataDirLockedError(dataDir, await askOwner(address.path, lockFile));
    // A lock file naming another live process is a server of a version that held only an abstract socket.
    const holder = readHolder(lockFile);
    if (holder !== null && holder !== pid && isRunning(holder)) throw new DataDirLockedError(dataDir, holder);
    writeLockFile(lockFile, pid);
  } catch (error) {
    closeServer(server, address);
    throw error;
  }
  return heldLock(lockFile, pid, () => closeServer(server, address));
}

/** Closing the server removes its socket file (through the folder's descriptor, closed after it). */
function closeServer(server: net.Server | undefined, address: { close: () => void }) {
  if (server) server.close(() => address.close());
  else address.close();
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
