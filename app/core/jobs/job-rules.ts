import { wallClock } from "../text/dates";
import { utcDay } from "../text/utc-days";

/**
 * The job runner's pure rules: how long a failed job waits, and which period a schedule is in. The
 * runner (jobs.server.ts) applies them; they are here so they can be tested without a database.
 */

/** Back-off never waits longer than this between two attempts. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Wait after the n-th failed attempt (n >= 1): base, then twice as long each time, at most an hour. */
export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 30));
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** exponent);
}

export type ScheduleWhen = { dailyAt: string } | { everyMinutes: number };

const DAILY_AT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Throws on a schedule that can never run, so a mistake stops the server at start, not silently. */
export function checkScheduleWhen(when: ScheduleWhen): void {
  if ("dailyAt" in when) {
    if (!DAILY_AT.test(when.dailyAt)) throw new Error(`dailyAt must be "HH:MM" (24-hour), got "${when.dailyAt}"`);
  } else if (!Number.isInteger(when.everyMinutes) || when.everyMinutes < 1 || when.everyMinutes > 7 * 24 * 60) {
    throw new Error(`everyMinutes must be a whole number of minutes from 1 to a week, got ${when.everyMinutes}`);
  }
}

function localParts(at: Date, timeZone: string) {
  const { year, month, day, hour, minute } = wallClock(at, timeZone);
  return { year, month, day, minutes: hour * 60 + minute };
}

/**
 * The period `at` falls in, as a stable name: the same for every instance during the period, a new one
 * when the next begins. Daily: the site-time date of the latest "HH:MM" at or before `at` (so a server
 * started at 10:00 still runs that day's 03:00 job, once). Every N minutes: the UTC start of the N-minute
 * slot since the epoch. The runner enqueues the schedule's job with the key `schedule:NAME:PERIOD`.
 */
export function schedulePeriod(when: ScheduleWhen, at: Date, timeZone: string): string {
  if ("everyMinutes" in when) {
    const slotMs = when.everyMinutes * 60_000;
    return new Date(Math.floor(at.getTime() / slotMs) * slotMs).toISOString().slice(0, 16) + "Z";
  }
  const [hours, minutes] = when.dailyAt.split(":").map(Number) as [number, number];
  const local = localParts(at, timeZone);
  // Calendar arithmetic on the local date alone (no time of day), so a DST change cannot shift it.
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day));
  if (local.minutes < hours * 60 + minutes) date.setUTCDate(date.getUTCDate() - 1);
  return `${utcDay(date)}@${when.dailyAt}`;
}
