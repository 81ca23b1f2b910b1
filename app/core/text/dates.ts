// One formatter of each kind, made once: toLocaleDateString builds a new one per call, which showed in profiles.
const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "January 5, 2025" (spec section 2), the same on server and browser (UTC, so hydration agrees). */
export function formatDate(value: string | Date): string {
  return DATE.format(new Date(value));
}

/** "Jan 5, 2025, 6:07 PM" in the viewer's time zone: for admin lists, rendered in the browser. */
export function formatDateTime(value: string | Date): string {
  return DATE_TIME.format(new Date(value));
}

/** True when `timeZone` is an IANA zone this runtime knows ("UTC", "Europe/Paris"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/**
 * One formatter per time zone, kept: making an Intl.DateTimeFormat costs about 0.1 ms, and the job runner asks
 * for the wall clock at every poll (10.8 s of the test servers' CPU in a profile of the suite, issue 48). Only
 * zones that exist are kept (an unknown one throws), so the map stays within the runtime's few hundred zones.
 */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** What the clocks in `timeZone` show at `at` (24-hour). */
export function wallClock(at: Date | number, timeZone: string): WallClock {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}
