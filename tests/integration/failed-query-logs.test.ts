import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
const MAX_LOG_LINE = 8 * 1024; // app/core/logs/logger.server.ts
import { ROOT } from "../support/test-server";

/**
 * A failed insert of a 1 MB value, from a real database (PGlite): its log line stays under the cap, names the
 * database's own message and code, and carries neither the value nor the SQL (issue 30: one such insert wrote a
 * 7.2 MB line per 1 MB image). tests/fixtures/failed-query-log.ts makes the failure and logs it.
 */
describe("a failed query in the logs", { timeout: 180_000 }, () => {
  it("is one bounded line with the database's message, code and the query's first words", () => {
    const run = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "tests/fixtures/failed-query-log.ts")], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.length).toBeLessThan(MAX_LOG_LINE);
      expect(line).not.toContain("xxxxxxxxxx");
    }
    const [direct, wrapped, long] = lines.map((line) => JSON.parse(line) as Record<string, Record<string, string>>);
    for (const err of [direct!.err!, wrapped!.wrapped!]) {
      expect(err.message).toMatch(/violates check constraint/);
      expect(err.code).toBe("23514");
      expect(err.query).toMatch(/^insert into pictures/);
    }
    expect(long).toMatchObject({ msg: "a line far over the cap", truncated: expect.stringContaining("over the") });
    // A restore or backup command that fails says the database's own message, not the SQL it sent.
    expect(run.stderr).toMatch(/^operator: .*violates check constraint.* \(23514\) in: insert into pictures/m);
    expect(run.stderr.length).toBeLessThan(2000);
  });
});
