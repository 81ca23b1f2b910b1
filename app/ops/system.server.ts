import os from "node:os";
import { asc, gte, inArray, lt, sql } from "drizzle-orm";
import { clockSkewWarning, measureDbClock } from "~/core/database/db-clock.server";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { latestDomainReport } from "~/mail/domain-check.server";
import { MAIL_JOB_TYPES } from "~/mail/outbox.server";
import { rowsOf } from "./backup/catalog.server";
import { lastBackup } from "./backup/service.server";
import { diskUse } from "./disk.server";
import { instanceReadings } from "./metrics.server";
import { cleanValues, historyPoints, HISTORY_MS, perMinute, type SampleValues, type SystemOverview } from "./system-history";

export const SYSTEM_SAMPLE_JOB = "ops.system-sample";

/** This instance's counters at its last sample (each instance rates its own traffic since then). */
let previous: { at: number; requests: number; serverErrors: number; cacheHits: number; cacheMisses: number } | null = null;

/**
 * The figures the System section charts. Jobs, mail, disk and database are the whole site's; requests,
 * errors, cache hits, event-loop delay and memory are those of the instance that takes the sample (with
 * several instances, /metrics scraped from each gives every instance's figures).
 */
async function readVitalSigns(options: { endPeriod: boolean }): Promise<SampleValues> {
  const db = getDb();
  const j = schema.jobs;
  const [jobs] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${j.state} in ('queued', 'running'))::int`,
      dead: sql<number>`count(*) filter (where ${j.state} = 'dead')::int`,
      oldestMail: sql<
        string | null
      >`min(${j.createdAt}) filter (where ${inArray(j.type, MAIL_JOB_TYPES)} and ${j.state} in ('queued', 'running'))`,
    })
    .from(j)
    .where(inArray(j.state, ["queued", "running", "dead"]));
  const [size] = await rowsOf<{ bytes: string | number }>(db, sql`select pg_database_size(current_database()) as bytes`).catch(() => []);
  let disk: number | null;
  try {
    disk = diskUse(getEnv().DATA_DIR);
  } catch {
    disk = null;
  }
  const now = Date.now();
  const readings = await instanceReadings(options.endPeriod);
  const current = { at: now, ...readings };
  const requestsPerMinute = perMinute(previous && { total: previous.requests, at: previous.at }, { total: current.requests, at: now });
  const serverErrorsPerMinute = perMinute(previous && { total: previous.serverErrors, at: previous.at }, {
    total: current.serverErrors,
    at: now,
  });
  const lookups = previous ? current.cacheHits + current.cacheMisses - previous.cacheHits - previous.cacheMisses : 0;
  const cacheHitPercent = previous && lookups > 0 ? ((current.cacheHits - previous.cacheHits) * 100) / lookups : null;
  // Only a sample ends the period its rates cover: opening the System section reads them without moving it.
  if (options.endPeriod) previous = current;
  return cleanValues({
    requestsPerMinute,
    serverErrorsPerMinute,
    cacheHitPercent,
    eventLoopP99Ms: readings.eventLoopP99Ms,
    memoryMb: process.memoryUsage.rss() / 1024 / 1024,
    jobsWaiting: Number(jobs?.waiting ?? 0),
    jobsDead: Number(jobs?.dead ?? 0),
    oldestMailMinutes: jobs?.oldestMail ? (now - new Date(jobs.oldestMail).getTime()) / 60_000 : 0,
    diskUsedPercent: disk === null ? null : disk * 100,
    databaseMb: size ? Number(size.bytes) / 1024 / 1024 : null,
  });
}

/** One sample for the history, and samples older than the week removed (the job runner takes each once). */
export async function takeSystemSample(): Promise<void> {
  const values = await readVitalSigns({ endPeriod: true });
  const db = getDb();
  await db.insert(schema.systemSamples).values({ values });
  await db.delete(schema.systemSamples).where(lt(schema.systemSamples.takenAt, new Date(Date.now() - HISTORY_MS)));
}

/** The System section: the vital signs now, a week's history (hourly means), the last backup and this instance's clock. */
export async function systemOverview(): Promise<SystemOverview> {
  const since = new Date(Date.now() - HISTORY_MS);
  const rows = await getDb()
    .select({ takenAt: schema.systemSamples.takenAt, values: schema.systemSamples.values })
    .from(schema.systemSamples)
    .where(gte(schema.systemSamples.takenAt, since))
    .orderBy(asc(schema.systemSamples.takenAt));
  const env = getEnv();
  // Measured now, so the section shows this instance's clock as it is (the start's warning may be old).
  const skew = await measureDbClock();
  return {
    now: await readVitalSigns({ endPeriod: false }),
    instance: `${os.hostname()} (process ${process.pid})`,
    history: historyPoints(
      rows.map((row) => ({ takenAt: row.takenAt.toISOString(), values: row.values })),
      new Date(),
    ),
    samples: rows.length,
    backup: await lastBackup(),
    backupSchedule: { dailyAt: env.BACKUP_AT, keep: env.BACKUP_KEEP, timezone: env.SITE_TIMEZONE },
    clock: { skewMs: Math.round(skew), warning: clockSkewWarning(skew) },
    mailDomain: await latestDomainReport(),
  };
}
