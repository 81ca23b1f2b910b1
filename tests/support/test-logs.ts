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
  // One descriptor for the process's life, written synchronously (a worker that dies keeps every line written):
  // opening and closing the file at every chunk cost the runners more system time than the writes.
  const fd = fs.openSync(file, "a");
  let open = streams.filter(Boolean).length;
  if (open === 0) fs.closeSync(fd);
  const done = () => {
    if (--open === 0) fs.closeSync(fd);
  };
  for (const stream of streams) {
    // A child's output streams give Buffers (no encoding is set on them).
    stream?.on("data", (chunk: Buffer) => fs.writeSync(fd, chunk));
    stream?.once("close", done);
  }
}
