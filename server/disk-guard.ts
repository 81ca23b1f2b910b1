import type { RequestHandler } from "express";
import { DISK_FULL_MESSAGE, diskState, watchDiskSpace, writeRefusedForDisk } from "~/core/instance/disk-space.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one gate every write passes (API mutations, form posts, the backup command): while the disk is under
 * its floor, a write answers 507 with a message that says so, and reads go on. Signing in and out stays
 * open (`allowed`). Each refusal is counted, and said in the log at most once a minute (not per request).
 */
export function refuseWritesOnFullDisk(allowed: readonly string[]): RequestHandler {
  const open = new Set(allowed);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || open.has(req.path) || !diskState().low) return next();
    writeRefusedForDisk(req.originalUrl);
    res.set("Cache-Control", "no-store");
    res.status(507).json({ success: false, message: DISK_FULL_MESSAGE });
  };
}

/**
 * Watches the data and backup folders from start; with too little room already, the one sentence that
 * says so (the server then exits: PGlite opened with under a WAL segment free fails with no word of the disk).
 */
export function diskShortageAtStart(env: { DATA_DIR: string; BACKUP_DIR: string; DISK_FLOOR_MB: number }): string | null {
  const state = watchDiskSpace(
    [
      { name: "data", dir: env.DATA_DIR },
      { name: "backup", dir: env.BACKUP_DIR },
    ],
    env.DISK_FLOOR_MB,
  );
  return state.reason && `${state.reason} Free some space, then start the server again.`;
}

/** /healthz: "degraded" (still 200, reads are served) while writes are refused for want of disk space. */
export function healthOf(databaseAnswers: boolean): { status: number; body: Record<string, string> } {
  if (!databaseAnswers) return { status: 503, body: { status: "unavailable" } };
  const disk = diskState();
  return disk.low ? { status: 200, body: { status: "degraded", reason: disk.reason! } } : { status: 200, body: { status: "ok" } };
}
