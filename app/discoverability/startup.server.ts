import { flushCrawlerVisits, startCrawlerLog } from "./crawler-log.server";
import { indexNowKey } from "./indexnow.server";
import { registerDiscoverabilityJobs } from "./jobs.server";
import { flushVitals, startVitalsWriter } from "./vitals.server";

/**
 * At start: record crawler visits, write vitals, define the IndexNow ping job, make the IndexNow key.
 * At shutdown: write what is still buffered, so a clean stop loses no crawler visit or vital.
 */
export async function startDiscoverability(): Promise<() => Promise<void>> {
  await indexNowKey();
  startCrawlerLog();
  startVitalsWriter();
  registerDiscoverabilityJobs();
  return async () => {
    await Promise.allSettled([flushCrawlerVisits(), flushVitals()]);
  };
}
