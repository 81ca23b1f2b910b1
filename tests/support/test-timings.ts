import fs from "node:fs";
import path from "node:path";

/**
 * Where a run's time goes (issue 48): each test server's start, by the test file that asked for it, is one JSON
 * line in CLINK_TEST_TIMINGS (set by scripts/test.mjs); scripts/test-times.mjs adds them up beside the suites'
 * own per-file durations. Without the variable nothing is written.
 */
export function recordServerStart(
  startedAt: number,
  details: { copyMs: number; db: "pglite" | "postgres"; how: "restart" | "template-copy" | "fresh"; file: string },
): void {
  append({
    kind: "server-start",
    how: details.how,
    file: details.file,
    db: details.db,
    ms: Date.now() - startedAt,
    copyMs: details.copyMs,
  });
}

/**
 * The CPU a test server used in its life, read from /proc just before it is stopped (Linux only): beside the
 * phases' machine-wide CPU (scripts/test.mjs) it splits a run's CPU between the servers and the rest (test
 * runners, Chromium).
 */
export function recordServerCpu(pid: number | undefined, file: string): void {
  if (!process.env.CLINK_TEST_TIMINGS || !pid) return;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, the 14th and 15th fields of the line (12th and 13th after the command's name), in ticks of 10 ms;
    // minflt, the 10th, the page faults that found their page in memory (decision 0101).
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    append({ kind: "server-cpu", file, cpuMs, minflt: Number(fields[7]) });
  } catch {
    // gone already, or no /proc
  }
}

function append(line: object): void {
  const file = process.env.CLINK_TEST_TIMINGS;
  if (file) fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** The first frame of the stack in a test file (not in tests/support or the e2e fixtures). */
export function callingTestFile(): string {
  const frames = (new Error().stack ?? "").split("\n");
  for (const frame of frames) {
    const match = frame.match(/(tests\/(?:integration|e2e)\/[^:)\s]+\.(?:test|spec)\.ts)/);
    if (match) return match[1]!;
  }
  const setup = frames.find((f) => f.includes("global-setup"));
  return setup ? "global setup" : path.basename(process.argv[1] ?? "unknown");
}
