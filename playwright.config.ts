import fs from "node:fs";
import os from "node:os";
import { defineConfig } from "@playwright/test";
import { scaled } from "./tests/e2e/time-limits";

// Debian's Chromium, never a downloaded browser build: its headless shell (package chromium-headless-shell) where
// installed, as it takes a quarter less CPU and a fifth less time than the full browser for the same spec
// (decision 0098), else the full browser. CHROME_PATH wins.
const chromePath = process.env.CHROME_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p));
if (!chromePath || !fs.existsSync(chromePath)) {
  throw new Error(
    `No Chromium at ${chromePath ?? "/usr/bin/chromium"}. Install it with \`apt-get install -y chromium\`, or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
}

export default defineConfig({
  testDir: "tests/e2e",
  // The production build is started once, on a free port with a temporary DATA_DIR.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // Two per core (four on the 2-core machine): the browser tests mostly wait (on pages, mail, the job
  // runner): 0.7 of a core with two workers.
  workers: Number(process.env.E2E_WORKERS ?? 2 * os.availableParallelism()),
  retries: 0,
  // Safety nets for a hang, grown on a slow machine (tests/e2e/time-limits.ts), as is every limit a test sets.
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_FILE to collect the figures for the summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
