import { getDb } from "~/core/database/db.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import { closeAnalytics } from "./collect.server";
import { registerAnalyticsJobs } from "./jobs.server";
import { ROLLUP_JOB } from "./rollups.server";

/** At shutdown: write the page views and goals still buffered, so a clean stop loses none. */
export async function startAnalytics(): Promise<() => Promise<void>> {
  registerAnalyticsJobs();
  // And once at each start: days that ended while no instance ran (or data restored from a backup) are
  // rolled up now, not at the next hour's run.
  await enqueueJob(getDb(), ROLLUP_JOB, {});
  return closeAnalytics;
}
