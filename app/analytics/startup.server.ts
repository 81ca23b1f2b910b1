import { getDb } from "~/core/db.server";
import { defineJobType, defineSchedule, enqueueJob } from "~/core/jobs.server";
import { closeAnalytics } from "./collect.server";
import { fillFunnelDays, FUNNELS_JOB } from "./funnels.server";
import { rollUpPastDays, ROLLUP_JOB } from "./rollups.server";

/** At shutdown: write the page views and goals still buffered, so a clean stop loses none. */
export async function startAnalytics(): Promise<() => Promise<void>> {
  defineJobType(ROLLUP_JOB, async () => {
    await rollUpPastDays();
  });
  // Hourly: a day is rolled up within the hour after it ends (and after a restart, every day missed).
  defineSchedule("analytics-rollup", { everyMinutes: 60 }, ROLLUP_JOB);
  // Each funnel's figures and "What it brought" of the days just over: the reads add them up.
  defineJobType(FUNNELS_JOB, async () => {
    await fillFunnelDays();
  });
  defineSchedule("analytics-funnels", { everyMinutes: 60 }, FUNNELS_JOB);
  // And once at each start: days that ended while no instance ran (or data restored from a backup) are
  // rolled up now, not at the next hour's run.
  await enqueueJob(getDb(), ROLLUP_JOB, {});
  return closeAnalytics;
}
