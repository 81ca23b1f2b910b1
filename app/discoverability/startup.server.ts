import { startCrawlerLog } from "./crawler-log.server";
import { indexNowKey } from "./indexnow.server";
import { startJobRunner } from "./jobs.server";
import { startVitalsWriter } from "./vitals.server";

/** At start: record crawler visits, write vitals, run queued IndexNow pings, make the IndexNow key. */
export async function startDiscoverability(): Promise<void> {
  await indexNowKey();
  startCrawlerLog();
  startVitalsWriter();
  startJobRunner();
}
