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
