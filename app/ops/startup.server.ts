import path from "node:path";
import type { Env } from "~/core/instance/env.server";
import { backupFolder } from "./backup/service.server";
import { recoverBackupsAtStart } from "./backup/lease.server";
import { watchDiskAlerts } from "./disk-alert.server";
import { registerOpsJobs } from "./jobs.server";
import { writeLocalToken } from "./local-token.server";
import { startMetrics } from "./metrics.server";

/**
 * Operations at start: the scheduled jobs (backups), backups a stopped process left running marked failed,
 * and the data folder's token for `npm run backup` (PGlite only: this process holds its folder, so the
 * command asks it).
 */
export async function startOps(env: Env): Promise<void> {
  registerOpsJobs(env);
  await recoverBackupsAtStart(backupFolder());
  startMetrics();
  watchDiskAlerts();
  if (!env.DATABASE_URL) writeLocalToken(path.resolve(env.DATA_DIR));
}
