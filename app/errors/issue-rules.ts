/** An issue's bookkeeping rules (pure, tested in issue-rules.test.ts). */
export const PAGES_KEPT = 20;
export const BROWSERS_KEPT = 10;

/** `counts` with one more for `name`; a name not yet there is added only while fewer than `max` are. */
export function countedIn(counts: Record<string, number>, name: string | null, max: number): Record<string, number> {
  if (!name) return counts;
  if (name in counts) return { ...counts, [name]: counts[name]! + 1 };
  if (Object.keys(counts).length >= max) return counts;
  return { ...counts, [name]: 1 };
}

/** A resolved issue seen again in another release than the one it was resolved in comes back (reopens). */
export function reopens(issue: { resolved: boolean; resolvedRelease: string | null }, release: string): boolean {
  return issue.resolved && issue.resolvedRelease !== release;
}

/** At most one alert per issue per hour. */
const ALERT_EVERY_MS = 60 * 60 * 1000;
export function alertDue(lastAlertedAt: Date | null, now: Date): boolean {
  return !lastAlertedAt || now.getTime() - lastAlertedAt.getTime() >= ALERT_EVERY_MS;
}

/**
 * Whether a job gave up on another server's answer rather than a fault of ours: a mail server's refusal
 * (an SMTP reply code) is the job's last error in the System section and, for list mail, a bounce
 * (app/deliverability). Kept out of the errors: an alert e-mail about a refused e-mail is itself refused
 * when the mail server refuses everything, and one refused address is not a bug.
 */
export function isOutsideAnswer(error: unknown): boolean {
  return typeof error === "object" && error !== null && typeof (error as { responseCode?: unknown }).responseCode === "number";
}
