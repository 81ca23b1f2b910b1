/**
 * UTC days as the tables store them ("YYYY-MM-DD"), and the arithmetic on them (pure). The one place for
 * it: the analytics' days, rollup blocks, ranges and the retention cut-offs all count days this way.
 */
export const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
export const utcDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** The instant a UTC day begins. */
const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number): string => utcDay(dayStart(day).getTime() + days * DAY_MS);

/** Whole days from `from` to `to` (0 for the same day). */
export const daysBetween = (from: string, to: string): number => Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS);

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
}

/** A day's number (days since 1970-01-01), and back. */
export const dayNumber = (day: string): number => Math.round(dayStart(day).getTime() / DAY_MS);
export const dayOfNumber = (n: number): string => utcDay(n * DAY_MS);

/** The instant `days` whole days (of 24 hours) before `now`, and after `at`. */
export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);
export const daysAfter = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/** The instant `months` calendar months before `now`: the same day of the month, or the month's last day when it is shorter (as PostgreSQL's interval does). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}
