import fs from "node:fs";
import path from "node:path";
import { loggedText, logger } from "../logs/logger.server";

/**
 * The free space of the folders the server writes to (the data folder, the backups), kept in memory for
 * the whole process (it is a fact of this machine's disk) and read again at most once a second, when
 * asked. Below the floor (DISK_FLOOR_MB) the server refuses writes with 507 and /healthz says
 * "degraded": PGlite on a disk that filled logged `PANIC: cannot drop active portal` and spun, and a
 * floor that keeps room for the database's next WAL segments keeps it from ever getting there (issue 30,
 * docs/decisions/0030-disk-floor-and-bounded-logs.md).
 */
type FolderSpace = { name: string; dir: string; freeBytes: number | null };
export type DiskState = { low: boolean; floorBytes: number; folders: FolderSpace[]; reason: string | null };

const MB = 1024 * 1024;
const CHECK_EVERY_MS = 1_000;

let watched: Array<{ name: string; dir: string }> = [];
let floorBytes = 64 * MB;
let checkedAt = 0;
let state: DiskState = { low: false, floorBytes, folders: [], reason: null };
const listeners = new Set<(state: DiskState) => void>();

/** The folder itself, or (not made yet) its nearest existing parent: the file system it will live on. */
export function existingFolder(folder: string): string {
  let dir = path.resolve(folder);
  while (!fs.existsSync(dir)) dir = path.dirname(dir);
  return dir;
}

/** Bytes an unprivileged writer may still use on the file system holding `folder`. */
export function freeBytesOf(folder: string): number {
  const stats = fs.statfsSync(existingFolder(folder));
  return stats.bavail * stats.bsize;
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** One sentence naming the folders under the floor, or null when every folder has room. */
function describeShortage(folders: readonly FolderSpace[], floor: number): string | null {
  const short = folders.filter((f) => f.freeBytes !== null && f.freeBytes < floor);
  if (short.length === 0) return null;
  const list = short.map((f) => `the ${f.name} folder ${f.dir} has ${megabytes(f.freeBytes!)} free`).join(" and ");
  return `The disk is nearly full: ${list}, under the floor of ${megabytes(floor)} (DISK_FLOOR_MB) the server keeps free.`;
}

function measure(): DiskState {
  const folders = watched.map(({ name, dir }) => {
    try {
      return { name, dir, freeBytes: freeBytesOf(dir) };
    } catch {
      return { name, dir, freeBytes: null }; // a folder that cannot be read is the doctor's to report
    }
  });
  const reason = describeShortage(folders, floorBytes);
  return { low: reason !== null, floorBytes, folders, reason };
}

/** Sets the folders watched and the floor (at start); the first reading is taken at once. */
export function watchDiskSpace(folders: Array<{ name: string; dir: string }>, floorMb: number): DiskState {
  watched = folders.map((f) => ({ name: f.name, dir: path.resolve(f.dir) }));
  floorBytes = floorMb * MB;
  checkedAt = 0;
  return diskState();
}

/** The disk's state, read again when the last reading is older than a second; listeners hear of a change. */
export function diskState(): DiskState {
  const now = Date.now();
  if (now - checkedAt < CHECK_EVERY_MS) return state;
  checkedAt = now;
  const before = state.low;
  state = measure();
  if (state.low !== before) for (const listener of listeners) listener(state);
  return state;
}

/** Called when the disk goes under the floor and when it has room again (the owner's alert, app/ops). */
export function onDiskStateChange(listener: (state: DiskState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The answer to a write refused for want of disk space (HTTP 507). */
export const DISK_FULL_MESSAGE =
  "The server's disk is nearly full, so changes cannot be saved right now. Reading the site still works; please try again later.";

/** How often a line may say that writes are being refused: one per write was 193 lines a minute at 5 writes/s. */
const REFUSED_LINE_EVERY_MS = 60_000;
let refusedTotal = 0;
let refusedUnsaid = 0;
let refusedSaidAt = Number.NEGATIVE_INFINITY;

/**
 * Counts a write answered 507 (for /metrics) and says so in the log at warn level at most once a minute,
 * with how many were refused since the last line: the disk going under the floor is the error, said once
 * with the owner's alert (app/ops/disk-alert.server.ts); each refusal after it is expected.
 */
export function writeRefusedForDisk(address: string): void {
  refusedTotal++;
  refusedUnsaid++;
  const now = Date.now();
  if (now - refusedSaidAt < REFUSED_LINE_EVERY_MS) return;
  refusedSaidAt = now;
  logger.warn(
    { refused: refusedUnsaid, last: loggedText(address, 200) },
    `${refusedUnsaid} write${refusedUnsaid === 1 ? "" : "s"} refused (507) for want of disk space since the last such line`,
  );
  refusedUnsaid = 0;
}

/** Writes refused for want of disk space since the process started. */
export const writesRefusedForDisk = (): number => refusedTotal;
