import type { Env } from "~/core/instance/env.server";
import { defineJobType, defineSchedule } from "~/core/jobs/jobs.server";
import { ALERTS_JOB } from "./alerts";
import { checkOpsAlerts } from "./alerts.server";
import { SAMPLE_EVERY_MINUTES } from "./system-history";
import { SYSTEM_SAMPLE_JOB, takeSystemSample } from "./system.server";
import { logger } from "~/core/logs/logger.server";
import { BACKUP_JOB, backupToFolder, nothingToBackUpYet, type BackupTrigger } from "./backup/service.server";

/**
 * The daily backup (BACKUP_AT, in SITE_TIMEZONE) through the one job runner: one instance takes each
 * day's job. A failure is retried twice, then stays failed for the admin's System section and the owner's alert.
 * A scheduled run on a site where nobody has made anything yet (a first start) skips: nothing to keep.
 */
export function registerOpsJobs(env: Env): void {
  defineJobType<{ trigger?: BackupTrigger }>(
    BACKUP_JOB,
    async (payload) => {
      const trigger = payload?.trigger === "admin" ? "admin" : "schedule";
      if (trigger === "schedule" && (await nothingToBackUpYet()))
        return void logger.debug("scheduled backup skipped: nothing to back up yet (no staff account, no submission)");
      await backupToFolder(trigger);
    },
    { maxAttempts: 3, leaseMs: 30 * 60_000, timeoutMs: 25 * 60_000, backoffBaseMs: 60_000 },
  );
  defineSchedule("ops.backup.daily", { dailyAt: env.BACKUP_AT }, BACKUP_JOB);
  // The owner's alerts (a failing backup, a full disk, dead jobs), and the System section's samples.
  defineJobType(ALERTS_JOB, checkOpsAlerts, { maxAttempts: 3 });
  defineSchedule("ops.alerts", { everyMinutes: 10 }, ALERTS_JOB);
  defineJobType(SYSTEM_SAMPLE_JOB, takeSystemSample, { maxAttempts: 2 });
  defineSchedule("ops.system-sample", { everyMinutes: SAMPLE_EVERY_MINUTES }, SYSTEM_SAMPLE_JOB);
}
