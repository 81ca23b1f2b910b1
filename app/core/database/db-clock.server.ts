import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "./db.server";
import { logger } from "../logs/logger.server";

/**
 * The database's clock, as this process sees it (decision record 0029). Instances share one database but
 * not one clock: a limit, a lease, a schedule or a go-live judged by each process's own clock lets a fast
 * instance count time the others have not lived. Work that can ask the database uses `now()` in its
 * query; work that must decide in the process uses `dbNow()`: its clock plus an offset measured against
 * the database at start and again once it is older than a minute.
 */
export const CLOCK_SKEW_WARN_MS = 5_000;
const REMEASURE_AFTER_MS = 60_000;

let offsetMs = 0;
let measuredAt = Number.NEGATIVE_INFINITY;
let measuring: Promise<number> | undefined;

/** Reads the database's clock; the process's skew from it (positive: the process is ahead), in ms. */
export async function measureDbClock(): Promise<number> {
  const before = Date.now();
  const result = await rowsOf<{ ms: number }>(getDb(), sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`);
  const after = Date.now();
  const dbMs = Number(result[0]!.ms);
  // Half the round trip each way: the database read its clock about midway.
  offsetMs = dbMs - (before + after) / 2;
  measuredAt = after;
  return -offsetMs;
}

/** The database's time now, by this process's clock and the last measured offset (measured again when old). */
export function dbNow(): Date {
  if (Date.now() - measuredAt > REMEASURE_AFTER_MS && !measuring) {
    measuring = measureDbClock()
      .catch((error: unknown) => {
        logger.warn({ err: error }, "could not read the database's clock; keeping the last offset");
        return -offsetMs;
      })
      .finally(() => (measuring = undefined));
  }
  return new Date(Date.now() + offsetMs);
}

/** What to tell the operator about a skew (null: within a few seconds). */
export function clockSkewWarning(skewMs: number): string | null {
  if (Math.abs(skewMs) <= CLOCK_SKEW_WARN_MS) return null;
  const seconds = Math.round(Math.abs(skewMs) / 1000);
  return `This server's clock is ${seconds} s ${skewMs > 0 ? "ahead of" : "behind"} the database's. Limits, schedules and go-live follow the database's clock; synchronise this machine's (systemd-timesyncd, chrony).`;
}

/** At start: measures the skew and logs a warning when it is more than a few seconds. */
export async function checkClockAtStart(): Promise<void> {
  const skew = await measureDbClock();
  const warning = clockSkewWarning(skew);
  if (warning) logger.warn({ skewMs: Math.round(skew) }, warning);
}
