import os from "node:os";
import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/support/longest-first";
import { MOCKING_UNIT_FILES } from "./tests/unit-isolated.js";

// Unit tests are pure and fast; integration tests start the built server (see
// tests/support/test-server.ts) and run once on PGlite and, with TEST_DATABASE_URL, once on PostgreSQL.
// Files that measure how long the server keeps a probe waiting while they load it run alone, after every
// other file: beside three other files' servers on two cores, a probe waits for the CPU, not for the server.
const ALONE = ["tests/integration/import-limits.test.ts"];

const integration = (name: string, db: "pglite" | "postgres", alone = false) => ({
  resolve: { tsconfigPaths: true },
  test: {
    name: alone ? `${name}-alone` : name,
    include: alone ? ALONE : ["tests/integration/**/*.test.ts"],
    exclude: alone ? [] : ALONE,
    env: { TEST_DB: db },
    globalSetup: ["tests/support/global-setup.ts"],
    // One process for a worker's files, not one a file (about 0.35 s of CPU each, 176 files in CI); each file's
    // servers and folders still end with it (tests/support/file-boundary.ts). No integration file mocks a module.
    isolate: false,
    setupFiles: ["tests/support/file-boundary.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks" as const,
    // Groups run one after the other: everything else first, then each database's files that run alone.
    sequence: { groupOrder: alone ? (db === "pglite" ? 1 : 2) : 0 },
  },
});

export default defineConfig({
  test: {
    // Two files per core (four on the 2-core machine): an integration file mostly waits on its servers (the
    // PGlite project used 1.2 cores with two at a time: 9.5 min of CPU in 7.7 min). VITEST_MAX_WORKERS
    // overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2 * os.availableParallelism()),
    // The longest files of a measured run start first, whatever their project (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { tsconfigPaths: true },
        // 30 s, not 5: beside the integration servers on a loaded 2-core machine a pure test can wait seconds for the CPU.
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: MOCKING_UNIT_FILES,
          environment: "node",
          testTimeout: 30_000,
          // Pure tests share their workers' module graph instead of each file loading it again in a fresh
          // process: the project's CPU halves (44 -> 23 s, issue 48). A file that replaces a module (vi.mock)
          // would leak its fake into the next file, so those run isolated, in the project below.
          isolate: false,
        },
      },
      {
        resolve: { tsconfigPaths: true },
        test: { name: "unit-isolated", include: MOCKING_UNIT_FILES, environment: "node", testTimeout: 30_000 },
      },
      integration("integration-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-postgres", "postgres")] : []),
      integration("integration-pglite", "pglite", true),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-postgres", "postgres", true)] : []),
    ],
  },
});
