import type { Env } from "~/core/env.server";
import { defineJobType, defineSchedule } from "~/core/jobs.server";
import { registerOpsAlerts } from "./alerts.server";
import { backupToFolder } from "./backup/service.server";

export const BACKUP_JOB = "ops.backup";

/**
 * The daily backup (BACKUP_AT, in SITE_TIMEZONE) through the one job runner: one instance takes each
 * day's job. A failure is retried twice, then stays failed for the admin's System tab and the owner's alert.
 */
export function registerOpsJobs(env: Env): void {
  defineJobType(BACKUP_JOB, async () => void (await backupToFolder("schedule")), { maxAttempts: 3, leaseMs: 30 * 60_000, timeoutMs: 25 * 60_000, backoffBaseMs: 60_000 });
  defineSchedule("ops.backup.daily", { dailyAt: env.BACKUP_AT }, BACKUP_JOB);
  registerOpsAlerts();
}
