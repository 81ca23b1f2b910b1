import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Everything a test's server or command prints is also kept under reports/test-logs/, one file per
 * process, so that `npm test` can search the whole run's logs for visitors' e-mail addresses and
 * tokens afterwards (scripts/scan-test-logs.mjs). The folder is emptied at the start of each run.
 */
const TEST_LOGS = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../reports/test-logs");

export function keepLogs(label: string, pid: number | undefined, ...streams: Array<Readable | null>): void {
  fs.mkdirSync(TEST_LOGS, { recursive: true });
  const file = path.join(TEST_LOGS, `${label}-${process.pid}-${pid ?? "x"}-${Date.now()}.log`);
  for (const stream of streams) stream?.on("data", (chunk: Buffer | string) => fs.appendFileSync(file, chunk));
}
