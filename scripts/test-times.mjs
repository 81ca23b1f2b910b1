// Where a run of `npm test` spent its time (issue 48): the phases' wall time, each test file's own time (files
// run side by side, so their sum is more than the wall time), and the test servers each file started and what
// their starts cost. Reads the reports scripts/test.mjs leaves in reports/ and writes reports/test-times.md;
// prints the few lines that matter. `node scripts/test-times.mjs --all` prints every file; `--save-weights` also
// writes each Vitest file's seconds per run to tests/file-weights.json, the order the next runs start them in
// (tests/support/longest-first.ts).
import fs from "node:fs";
import path from "node:path";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined);
const seconds = (ms) => Math.round(ms / 100) / 10;
const phases = read("reports/phases.json") ?? {};
const phaseCpu = read("reports/phase-cpu.json") ?? {};
const vitest = read("reports/vitest.json");
const playwright = read("reports/playwright.json");
const timingLines = fs.existsSync("reports/test-timings.jsonl")
  ? fs
      .readFileSync("reports/test-timings.jsonl", "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
const starts = timingLines.filter((line) => line.kind === "server-start");
const serverCpu = timingLines.filter((line) => line.kind === "server-cpu");

/** file -> { ms, tests, runs } */
const files = new Map();
const add = (file, kind, ms, tests) => {
  const entry = files.get(file) ?? { file, kind, ms: 0, tests: 0, runs: 0, starts: 0, startMs: 0, serverCpuMs: 0 };
  entry.ms += ms;
  entry.tests += tests;
  entry.runs += 1;
  files.set(file, entry);
};
for (const result of vitest?.testResults ?? []) {
  const file = path.relative(process.cwd(), result.name);
  add(
    file,
    file.startsWith("tests/integration") ? "integration" : "unit",
    (result.endTime ?? 0) - (result.startTime ?? 0),
    result.assertionResults?.length ?? 0,
  );
}
// Playwright: a file's time is the sum of its tests' runs (its workers' time).
function walk(suite, file) {
  const here = suite.file ?? file;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      add(`tests/e2e/${spec.file ?? here}`, "e2e", ms, 1);
    }
  }
  for (const child of suite.suites ?? []) walk(child, here);
}
for (const suite of playwright?.suites ?? []) walk(suite, suite.file);
// Per-file runs are counted per test for e2e; make them one per file.
for (const entry of files.values()) if (entry.kind === "e2e") entry.runs = 1;

for (const start of starts) {
  const entry = files.get(start.file);
  if (entry) {
    entry.starts += 1;
    entry.startMs += start.ms;
  }
}

for (const cpu of serverCpu) {
  const entry = files.get(cpu.file);
  if (entry) entry.serverCpuMs += cpu.cpuMs;
}

const byKind = {};
for (const entry of files.values()) {
  const kind = (byKind[entry.kind] ??= { files: 0, ms: 0, tests: 0 });
  kind.files += 1;
  kind.ms += entry.ms;
  kind.tests += entry.tests;
}
const startKinds = {};
for (const start of starts) {
  const key = start.file === "global setup" ? "migrated template (global setup)" : `server start (${start.how})`;
  const kind = (startKinds[key] ??= { count: 0, ms: 0, copyMs: 0 });
  kind.count += 1;
  kind.ms += start.ms;
  kind.copyMs += start.copyMs ?? 0;
}

const lines = [];
lines.push("## Where the time went", "");
lines.push("| phase | wall s | machine CPU s |", "| --- | ---: | ---: |");
for (const [phase, s] of Object.entries(phases))
  lines.push(`| ${phase} | ${Math.round(s)} | ${phaseCpu[phase] === undefined ? "" : Math.round(phaseCpu[phase])} |`);
const serverCpuTotal = serverCpu.reduce((sum, c) => sum + c.cpuMs, 0);
// Page faults: on a virtual machine each costs microseconds of the host's time, and an allocator that gives memory
// back too eagerly faults the same pages in again and again (decision 0101).
const serverFaults = serverCpu.reduce((sum, c) => sum + (c.minflt ?? 0), 0);
lines.push(
  "",
  `Test servers' own CPU (read at their stop): ${seconds(serverCpuTotal)} s over ${serverCpu.length} servers; ${serverFaults.toLocaleString("en")} page faults.`,
);
lines.push("", "| kind | files | tests | file-seconds |", "| --- | ---: | ---: | ---: |");
for (const [kind, k] of Object.entries(byKind)) lines.push(`| ${kind} | ${k.files} | ${k.tests} | ${seconds(k.ms)} |`);
lines.push("", "| what | count | seconds (of which copying a template) |", "| --- | ---: | ---: |");
for (const [key, k] of Object.entries(startKinds)) lines.push(`| ${key} | ${k.count} | ${seconds(k.ms)} (${seconds(k.copyMs)}) |`);
const sorted = [...files.values()].sort((a, b) => b.ms - a.ms);
const shown = process.argv.includes("--all") ? sorted : sorted.slice(0, 20);
lines.push(
  "",
  "| file | kind | runs | tests | seconds | servers started | their starts s | their CPU s |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
);
for (const f of shown)
  lines.push(
    `| ${f.file} | ${f.kind} | ${f.runs} | ${f.tests} | ${seconds(f.ms)} | ${f.starts} | ${seconds(f.startMs)} | ${seconds(f.serverCpuMs)} |`,
  );

if (process.argv.includes("--save-weights")) {
  const weights = Object.fromEntries(sorted.filter((f) => f.kind !== "e2e").map((f) => [f.file, Math.round(f.ms / f.runs / 100) / 10]));
  fs.writeFileSync("tests/file-weights.json", `${JSON.stringify(weights, null, 2)}\n`);
}

fs.mkdirSync("reports", { recursive: true });
fs.writeFileSync("reports/test-times.md", `${lines.join("\n")}\n`);
const phaseLine = Object.entries(phases)
  .map(([phase, s]) => `${phase} ${Math.round(s)} s`)
  .join(", ");
const startTotal = starts.reduce((sum, s) => sum + s.ms, 0);
console.log(
  `time: ${phaseLine}; ${starts.length} test servers started (${seconds(startTotal)} s of starts); slowest files: ${sorted
    .slice(0, 5)
    .map((f) => `${f.file.replace(/^tests\//, "")} ${Math.round(f.ms / 1000)} s`)
    .join(", ")} (reports/test-times.md)`,
);
