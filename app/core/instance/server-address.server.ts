import fs from "node:fs";
import path from "node:path";

/**
 * Where the server holding a data folder answers: written into DATA_DIR when it listens and removed when it
 * stops, so a command on the same machine (`npm run backup`, `npm run doctor`) finds it by the folder, not
 * by PORT. Beside the folder's lock (data-dir-lock.server.ts), which says only that a process holds it.
 */
const FILE = "server.json";

export type ServerAddress = { pid: number; url: string; startedAt: string };

export function writeServerAddress(dataDir: string, address: ServerAddress): void {
  const file = path.join(dataDir, FILE);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(address)}\n`, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

/** The address a live server left in the folder; undefined when there is none or its process is gone. */
export function readServerAddress(dataDir: string): ServerAddress | undefined {
  try {
    const address = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), "utf8")) as ServerAddress;
    if (typeof address.url !== "string" || !Number.isInteger(address.pid)) return undefined;
    process.kill(address.pid, 0);
    return address;
  } catch (error) {
    // EPERM: the process lives but is another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM"
      ? (JSON.parse(fs.readFileSync(path.join(dataDir, FILE), "utf8")) as ServerAddress)
      : undefined;
  }
}

/** Removes the file at stop, if it is still this process's. */
export function removeServerAddress(dataDir: string, pid: number = process.pid): void {
  try {
    const file = path.join(dataDir, FILE);
    if ((JSON.parse(fs.readFileSync(file, "utf8")) as ServerAddress).pid === pid) fs.rmSync(file, { force: true });
  } catch {
    // no file, or not ours: nothing to remove
  }
}
