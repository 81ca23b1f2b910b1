import { defineJobType, defineSchedule } from "~/core/jobs/jobs.server";
import { fillFunnelDays, FUNNELS_JOB } from "./funnels.server";
import { rollUpPastDays, ROLLUP_JOB } from "./rollups.server";

export function registerAnalyticsJobs(): void {
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
}
