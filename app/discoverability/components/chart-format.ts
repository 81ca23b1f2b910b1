/** "Nov 21" for a UTC day ("2026-11-21"), as both charts label their axes and tables. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}
