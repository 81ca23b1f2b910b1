import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { databaseKind, getDb, schema } from "~/core/database/db.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import { logger } from "~/core/logs/logger.server";
import { ALERTS_JOB } from "../alerts";

/**
 * A running backup's lease (decision record 0029): the row says which process writes it and until when,
 * by the database's clock, the lease holds; the process renews it as it writes. "Interrupted" means its
 * process is gone: its lease ran out, or, on PGlite, it is any other process's (the data-folder lock
 * lets only one process open the database). Another instance merely backing up holds a live lease.
 */
const t = schema.opsBackups;

/** This process, as the owner of the backups it writes. */
export const BACKUP_OWNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const BACKUP_LEASE_SECONDS = 30;
const RENEW_EVERY_MS = 5_000;
const INTERRUPTED = "interrupted: the process writing it stopped before it finished";

/** The lease's end from now, by the database's clock. */
export const leaseFromNow = () => sql`now() + make_interval(secs => ${BACKUP_LEASE_SECONDS})`;

/** The archive's file while it is written: named by its row, so a start knows whose it is. */
export const partialName = (id: number) => `.clink-backup-${id}.part`;
const PARTIAL = /^\.clink-backup-(?:(\d+)|.+\.jsonl\.gz)\.part$/;

/** Renews the lease of backup `id` as it makes progress: at most every few seconds, one renewal at a time. */
export function leaseRenewer(id: number): () => void {
  let last = Date.now();
  let renewing = false;
  return () => {
    if (renewing || Date.now() - last < RENEW_EVERY_MS) return;
    renewing = true;
    last = Date.now();
    void getDb()
      .update(t)
      .set({ leaseUntil: leaseFromNow() })
      .where(and(eq(t.id, id), eq(t.status, "running"), eq(t.owner, BACKUP_OWNER)))
      .catch((error: unknown) => logger.warn({ err: error, backup: id }, "could not renew the backup's lease"))
      .finally(() => (renewing = false));
  };
}

/** Marks failed every running backup whose process is gone; the ids marked. */
async function failInterruptedBackups(): Promise<number[]> {
  const gone =
    databaseKind() === "pglite"
      ? sql`true`
      : // A row written before leases existed: gone once the backup job's own lease (30 minutes) is.
        sql`(${t.leaseUntil} < now() or (${t.leaseUntil} is null and ${t.startedAt} < now() - interval '30 minutes'))`;
  const rows = await getDb()
    .update(t)
    .set({ status: "failed", error: INTERRUPTED, finishedAt: sql`now()`, leaseUntil: null })
    .where(and(eq(t.status, "running"), or(isNull(t.owner), ne(t.owner, BACKUP_OWNER)), gone))
    .returning({ id: t.id });
  return rows.map((row) => row.id);
}

/** Removes the partial archives in `folder` that no running backup is writing. */
async function removeLeftoverParts(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(folder);
  } catch {
    return []; // no folder yet: nothing left over
  }
  const running = new Set((await getDb().select({ id: t.id }).from(t).where(eq(t.status, "running"))).map((row) => row.id));
  const removed: string[] = [];
  for (const name of names) {
    const match = PARTIAL.exec(name);
    if (!match) continue;
    if (match[1] ? running.has(Number(match[1])) : await writtenLately(path.join(folder, name))) continue;
    await fs.promises.rm(path.join(folder, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** A partial archive named the earlier way (by time, not row) is kept while it may still be written. */
async function writtenLately(file: string): Promise<boolean> {
  const { mtimeMs } = await fs.promises.stat(file);
  return Date.now() - mtimeMs < BACKUP_LEASE_SECONDS * 1000;
}

/** Interrupted backups marked failed and partial archives no one writes removed (at start, at each alert check). */
export async function recoverInterruptedBackups(folder: string): Promise<number[]> {
  const failed = await failInterruptedBackups();
  const removed = await removeLeftoverParts(folder);
  if (failed.length > 0 || removed.length > 0)
    logger.warn({ backups: failed, removed }, "interrupted backups marked failed; their partial files removed");
  return failed;
}

/**
 * At start: the owner's alert check runs at once for each interrupted backup, and a lease still running
 * (another process's, maybe one that is gone) is looked at again by an alert check when it ends.
 */
export async function recoverBackupsAtStart(folder: string): Promise<void> {
  const db = getDb();
  for (const id of await recoverInterruptedBackups(folder))
    await enqueueJob(db, ALERTS_JOB, {}, { idempotencyKey: `ops.alerts:backup-${id}` });
  const [leased] = await db
    .select({ id: t.id, until: t.leaseUntil })
    .from(t)
    .where(and(eq(t.status, "running"), ne(t.owner, BACKUP_OWNER)))
    .orderBy(sql`${t.leaseUntil} desc nulls last`)
    .limit(1);
  if (leased?.until) {
    const runAt = new Date(leased.until.getTime() + 1_000);
    await enqueueJob(db, ALERTS_JOB, {}, { runAt, idempotencyKey: `ops.alerts:backup-lease-${leased.id}-${runAt.toISOString()}` });
  }
}
