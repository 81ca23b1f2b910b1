/**
 * What the owner is e-mailed about (issue 22), pure: the facts the alert job gathers, the conditions
 * they raise, and which of those are new since the last check (one e-mail per new set of conditions,
 * never one per event; a condition that clears may be raised again later).
 */
/** The job that runs the checks (app/ops/alerts.server.ts), also enqueued at once when a backup fails. */
export const ALERTS_JOB = "ops.alerts";
const MAIL_STUCK_MS = 60 * 60_000;
/** A job type "keeps failing" when this many of its jobs ended dead within the window. */
const FAILING_JOBS = 3;
export const FAILING_WINDOW_MS = 24 * 60 * 60_000;
const DISK_ALERT_FRACTION = 0.9;

export type OpsFacts = {
  /** Age of the oldest mail delivery still waiting (queued or retrying), if any. */
  oldestWaitingMailMs: number | null;
  /** Dead jobs per type within FAILING_WINDOW_MS. */
  deadJobsByType: Record<string, number>;
  lastBackup: { status: string; error: string | null } | null;
  /** Used share of the data folder's file system (0 to 1), when it could be read. */
  diskUsed: number | null;
};

export type OpsCondition = { condition: string; detail: string };

export function opsConditions(facts: OpsFacts): OpsCondition[] {
  const raised: OpsCondition[] = [];
  if (facts.oldestWaitingMailMs !== null && facts.oldestWaitingMailMs >= MAIL_STUCK_MS) {
    raised.push({
      condition: "mail-stuck",
      detail: `Mail has been waiting to be delivered for ${Math.floor(facts.oldestWaitingMailMs / 60_000)} minutes.`,
    });
  }
  for (const [type, dead] of Object.entries(facts.deadJobsByType).sort(([a], [b]) => a.localeCompare(b))) {
    if (dead >= FAILING_JOBS)
      raised.push({ condition: `jobs-failing:${type}`, detail: `${dead} "${type}" jobs failed for good in the last 24 hours.` });
  }
  if (facts.lastBackup?.status === "failed") {
    raised.push({ condition: "backup-failed", detail: `The last backup failed: ${facts.lastBackup.error ?? "no reason recorded"}.` });
  }
  if (facts.diskUsed !== null && facts.diskUsed > DISK_ALERT_FRACTION) {
    raised.push({ condition: "disk-full", detail: `The data folder's disk is ${Math.round(facts.diskUsed * 100)}% full.` });
  }
  return raised;
}

/** Of the conditions now, those not already notified; and the notified ones that have cleared. */
export function alertChanges(now: readonly OpsCondition[], notified: readonly string[]): { fresh: OpsCondition[]; cleared: string[] } {
  const current = new Set(now.map((c) => c.condition));
  return { fresh: now.filter((c) => !notified.includes(c.condition)), cleared: notified.filter((c) => !current.has(c)) };
}
