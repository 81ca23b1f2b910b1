import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { databaseKind, getDb, schema } from "~/core/database/db.server";
import { diskState } from "~/core/instance/disk-space.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { writeBackup } from "./dump.server";
import { BACKUP_OWNER, leaseFromNow, leaseRenewer, partialName } from "./lease.server";
import { backupFileName, backupsToPrune, isBackupFileName, type LastBackup } from "./format";

export type { LastBackup };
import { enqueueJob } from "~/core/jobs/jobs.server";
import { ALERTS_JOB } from "../alerts";

export type BackupTrigger = "schedule" | "command" | "admin";
/** The job that takes a backup (daily, and when an administrator asks). */
export const BACKUP_JOB = "ops.backup";
export type BackupResult = { file: string; bytes: number };

export function backupFolder(): string {
  return path.resolve(getEnv().BACKUP_DIR);
}

/**
 * Takes a backup into BACKUP_DIR (written under a temporary name, then renamed), records it for the
 * admin, and keeps the newest BACKUP_KEEP archives. Its row holds a lease while it runs (./lease.server.ts).
 */
export async function backupToFolder(trigger: BackupTrigger): Promise<BackupResult> {
  // An archive written into a disk under its floor would take the database's last room (issue 30).
  const disk = diskState();
  if (disk.low) throw new Error(disk.reason!);
  const db = getDb();
  const folder = backupFolder();
  const [row] = await db
    .insert(schema.opsBackups)
    .values({ trigger, status: "running", owner: BACKUP_OWNER, leaseUntil: leaseFromNow() })
    .returning({ id: schema.opsBackups.id, startedAt: schema.opsBackups.startedAt });
  // Named by the database's clock, as the rows are.
  const name = backupFileName(row!.startedAt);
  const file = path.join(folder, name);
  const partial = path.join(folder, partialName(row!.id));
  try {
    await fs.promises.mkdir(folder, { recursive: true });
    await writeBackup(db, databaseKind(), fs.createWriteStream(partial, { mode: 0o600 }), leaseRenewer(row!.id));
    await fs.promises.rename(partial, file);
    const { size } = await fs.promises.stat(file);
    await db
      .update(schema.opsBackups)
      .set({ status: "succeeded", fileName: name, bytes: size, finishedAt: sql`now()`, leaseUntil: null })
      .where(eq(schema.opsBackups.id, row!.id));
    for (const old of backupsToPrune(await fs.promises.readdir(folder), getEnv().BACKUP_KEEP))
      await fs.promises.rm(path.join(folder, old), { force: true });
    logger.info({ file, bytes: size, trigger }, "backup written");
    return { file, bytes: size };
  } catch (error) {
    // The folder itself may be what failed (not a folder, not writable): nothing to clean up then.
    await fs.promises.rm(partial, { force: true }).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(schema.opsBackups)
      .set({ status: "failed", error: message.slice(0, 500), finishedAt: sql`now()`, leaseUntil: null })
      .where(eq(schema.opsBackups.id, row!.id));
    logger.error({ err: error, trigger }, "backup failed");
    // The owner hears of it from the alert check, run now rather than at its next 10-minute slot.
    await enqueueJob(db, ALERTS_JOB, {}, { idempotencyKey: `ops.alerts:backup-${row!.id}` }).catch((alertError: unknown) =>
      logger.warn({ err: alertError }, "could not queue the alert check; the 10-minute check will find the failed backup"),
    );
    throw error;
  }
}

/** Queues a backup now unless one already waits or runs; whether it queued one. */
export async function queueBackupNow(): Promise<boolean> {
  const db = getDb();
  const [waiting] = await db
    .select({ id: schema.jobs.id })
    .from(schema.jobs)
    .where(and(eq(schema.jobs.type, BACKUP_JOB), inArray(schema.jobs.state, ["queued", "running"])))
    .limit(1);
  if (waiting) return false;
  await enqueueJob(db, BACKUP_JOB, { trigger: "admin" });
  return true;
}

/**
 * Whether a scheduled backup has nothing to keep yet: no backup was ever taken and nobody has made anything
 * (no staff account one can sign in to, no form submission), only what the server seeds on its first start
 * (demo posts, their authors without passwords, venues). So a fresh site's first start does not back up its
 * own demo content; the first daily run after an owner exists does.
 */
export async function nothingToBackUpYet(): Promise<boolean> {
  const db = getDb();
  const made = [
    db.select({ id: schema.opsBackups.id }).from(schema.opsBackups).limit(1),
    db.select({ id: schema.adminUsers.id }).from(schema.adminUsers).where(isNotNull(schema.adminUsers.passwordHash)).limit(1),
    db.select({ id: schema.contactSubmissions.id }).from(schema.contactSubmissions).limit(1),
    db.select({ id: schema.dataDeletionRequests.id }).from(schema.dataDeletionRequests).limit(1),
  ];
  for (const rows of made) if ((await rows).length > 0) return false;
  return true;
}

/** The latest backup, for the admin. */
export async function lastBackup(): Promise<LastBackup | null> {
  const [row] = await getDb()
    .select()
    .from(schema.opsBackups)
    .orderBy(desc(schema.opsBackups.startedAt), desc(schema.opsBackups.id))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    bytes: row.bytes,
    fileName: row.fileName,
    error: row.error,
  };
}

/**
 * The newest archive that succeeded and is still in BACKUP_DIR (older ones are pruned), for the owner's
 * download. With several instances BACKUP_DIR is shared storage; an instance without the file answers none.
 */
export async function latestBackupFile(): Promise<{ name: string; file: string; bytes: number; finishedAt: string } | null> {
  const rows = await getDb()
    .select({ fileName: schema.opsBackups.fileName, bytes: schema.opsBackups.bytes, finishedAt: schema.opsBackups.finishedAt })
    .from(schema.opsBackups)
    .where(eq(schema.opsBackups.status, "succeeded"))
    .orderBy(desc(schema.opsBackups.finishedAt), desc(schema.opsBackups.id))
    .limit(getEnv().BACKUP_KEEP + 1);
  for (const row of rows) {
    const file = row.fileName ? backupFilePath(row.fileName) : undefined;
    if (file && row.fileName)
      return { name: row.fileName, file, bytes: fs.statSync(file).size, finishedAt: row.finishedAt?.toISOString() ?? "" };
  }
  return null;
}

/** An archive's bytes as a web stream, read from disk as the download goes (never whole in memory). */
export function backupStream(file: string): ReadableStream<Uint8Array> {
  return Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
}

/** An archive in BACKUP_DIR by its exact name (never a path), for the owner's download. */
function backupFilePath(name: string): string | undefined {
  if (!isBackupFileName(name)) return undefined;
  const file = path.join(backupFolder(), name);
  return fs.existsSync(file) ? file : undefined;
}
