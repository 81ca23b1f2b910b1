import { flushCrawlerVisits, startCrawlerLog } from "./crawler-log.server";
import { indexNowKey } from "./indexnow.server";
import { startJobRunner } from "./jobs.server";
import { flushVitals, startVitalsWriter } from "./vitals.server";

/**
 * At start: record crawler visits, write vitals, run queued IndexNow pings, make the IndexNow key.
 * At shutdown: write what is still buffered, so a clean stop loses no crawler visit or vital.
 */
export async function startDiscoverability(): Promise<() => Promise<void>> {
  await indexNowKey();
  startCrawlerLog();
  startVitalsWriter();
  startJobRunner();
  return async () => {
    await Promise.allSettled([flushCrawlerVisits(), flushVitals()]);
  };
}
