// `npm test`: build, then every suite (unit, integration on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL, then end-to-end in Chromium), even when an earlier one fails; then the search of
// every log the run printed for e-mail addresses and tokens; then one line "N passed, N failed" summing them all.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ensurePrerequisites } from "./test-prerequisites.mjs";

// Each phase's wall time and the whole machine's busy CPU in it, for the report of where the time goes
// (scripts/test-times.mjs): on 2 cores, a phase whose CPU is near twice its wall time waits for cores.
const phases = {};
const phaseCpu = {};
const machineBusySeconds = () => {
  try {
    // /proc/stat's first line: user nice system idle iowait irq softirq steal, in ticks of 10 ms.
    const [user, nice, system, , , irq, softirq, steal] = fs
      .readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
};
const run = (command, args, env = {}, phase = undefined) => {
  const startedAt = Date.now();
  const busyBefore = machineBusySeconds();
  const status = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
  if (phase) {
    phases[phase] = (Date.now() - startedAt) / 1000;
    const busyAfter = machineBusySeconds();
    if (busyBefore !== undefined && busyAfter !== undefined) phaseCpu[phase] = busyAfter - busyBefore;
  }
  return status;
};

fs.mkdirSync("reports", { recursive: true });
// Chromium, faketime, xmllint, nginx, openssl: installed here where this user may, else named in one line.
const missing = ensurePrerequisites();
if (missing.length > 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

// The suites' servers write their databases to temporary folders: in memory (tmpfs) where the machine has
// one with room, since CI on a busy disk spent a third of its time waiting on I/O. TMPDIR, if set, wins.
if (!process.env.TMPDIR) {
  try {
    const { bavail, bsize } = fs.statfsSync("/dev/shm");
    if (bavail * bsize > 8 * 2 ** 30) {
      fs.mkdirSync("/dev/shm/clink-tests", { recursive: true });
      process.env.TMPDIR = "/dev/shm/clink-tests";
    }
  } catch {
    // no /dev/shm: the system's temporary folder
  }
}
const timings = "reports/test-timings.jsonl";
for (const f of ["reports/vitest.json", "reports/playwright.json", "reports/log-scan.json", "reports/test-logs", timings])
  fs.rmSync(f, { recursive: true, force: true });
process.env.CLINK_TEST_TIMINGS = fs.realpathSync("reports") + "/test-timings.jsonl";

if (run("npm", ["run", "build", "--silent"], {}, "build") !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const vitest = run(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"],
  {},
  "vitest",
);
const e2e = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_FILE: "reports/playwright.json" }, "playwright");
// No log line of the whole run may hold a visitor's e-mail address or a token.
const logScan = run("node", ["scripts/scan-test-logs.mjs"], {}, "log scan");
fs.writeFileSync("reports/phases.json", JSON.stringify(phases));
fs.writeFileSync("reports/phase-cpu.json", JSON.stringify(phaseCpu));
// Where the time went (reports/test-times.md), printed before the summary so that CI's tail stays the summary.
run("node", ["scripts/test-times.mjs"]);
const summary = spawnSync("node", ["scripts/test-summary.mjs", "reports/vitest.json", "reports/playwright.json", "reports/log-scan.json"], {
  encoding: "utf8",
});
process.stdout.write(summary.stdout);
process.stderr.write(summary.stderr);
process.exit(vitest === 0 && e2e === 0 && logScan === 0 ? 0 : 1);
