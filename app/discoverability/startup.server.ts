import { closeCrawlerLog, startCrawlerLog } from "./crawler-log.server";
import { indexNowKey } from "./indexnow.server";
import { registerDiscoverabilityJobs } from "./jobs.server";
import { closeVitals } from "./vitals.server";

/**
 * At start: record crawler visits, define the IndexNow ping job, make the IndexNow key.
 * At shutdown: write what is still buffered, so a clean stop loses no crawler visit or vital.
 */
export async function startDiscoverability(): Promise<() => Promise<void>> {
  await indexNowKey();
  startCrawlerLog();
  registerDiscoverabilityJobs();
  return async () => {
    await Promise.allSettled([closeCrawlerLog(), closeVitals()]);
  };
}
