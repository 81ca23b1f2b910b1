// Reads the JSON reports of Vitest, Playwright, the log scan and CI's checks (lint, type check) and prints the
// failed tests' names (file and test), then one line: "N passed, N failed, N skipped". CI shows only the end of
// the output, so the names come last but one.
import fs from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const relative = (file) => path.relative(process.cwd(), file);

// Playwright nests suites by file and describe; a spec's tests are its runs per project.
function playwrightFailures(suite, titles) {
  const here = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === "unexpected") failures.push(`${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`missing report ${file}: counting its suite as failed`);
    failures.push(`${file} (missing report)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if (report.checks) {
    // CI's lint and type check (.ci/run): one check each.
    for (const check of report.checks) {
      if (check.ok) passed += 1;
      else {
        failed += 1;
        failures.push(`${check.name} (its output is printed above)`);
      }
    }
  } else if (report.findings) {
    // The log scan (scripts/scan-test-logs.mjs): one check.
    if (report.findings.length === 0 && report.files > 0) passed += 1;
    else {
      failed += 1;
      failures.push(`log scan: ${report.findings.length} log lines with an e-mail address or a token`);
    }
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, []);
  } else {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failedTests) {
        // The first line of why, so that CI's tail says what broke, not only where.
        const why = String(t.failureMessages?.[0] ?? "")
          .split("\n")[0]
          .slice(0, 160);
        failures.push(`${relative(result.name)} › ${t.fullName}${why ? ` (${why})` : ""}`);
      }
      // A file that failed outside any test (an import error, a hook): its message names no test.
      if (result.status === "failed" && failedTests.length === 0) {
        failures.push(
          `${relative(result.name)} (${String(result.message ?? "failed outside a test")
            .split("\n")[0]
            .slice(0, 200)})`,
        );
      }
    }
  }
}
if (failures.length > 0) {
  console.log(`failed (${failures.length}):`);
  for (const name of failures) console.log(`  ✘ ${name}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
