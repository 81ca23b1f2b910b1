import fs from "node:fs";
import path from "node:path";

/**
 * Where a run's time goes (issue 48): each test server's start, by the test file that asked for it, is one JSON
 * line in CLINK_TEST_TIMINGS (set by scripts/test.mjs); scripts/test-times.mjs adds them up beside the suites'
 * own per-file durations. Without the variable nothing is written.
 */
export function recordServerStart(
  startedAt: number,
  details: { copyMs: number; db: "pglite" | "postgres"; how: "restart" | "template-copy" | "fresh" },
): void {
  const file = process.env.CLINK_TEST_TIMINGS;
  if (!file) return;
  const line = {
    kind: "server-start",
    how: details.how,
    file: callingTestFile(),
    db: details.db,
    ms: Date.now() - startedAt,
    copyMs: details.copyMs,
  };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** The first frame of the stack in a test file (not in tests/support or the e2e fixtures). */
function callingTestFile(): string {
  const frames = (new Error().stack ?? "").split("\n");
  for (const frame of frames) {
    const match = frame.match(/(tests\/(?:integration|e2e)\/[^:)\s]+\.(?:test|spec)\.ts)/);
    if (match) return match[1]!;
  }
  const setup = frames.find((f) => f.includes("global-setup"));
  return setup ? "global setup" : path.basename(process.argv[1] ?? "unknown");
}
