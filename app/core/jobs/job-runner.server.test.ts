import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDb, openDatabase, schema } from "../database/db.server";
import { parseEnv } from "../instance/env.server";
import { jobsOverview, retryDeadJob } from "./job-admin.server";
import { startJobRunner, type JobRunner } from "./job-runner.server";
import { defineJobLane, defineJobType, defineSchedule, enqueueJob } from "./jobs.server";

/**
 * The runner against a real (embedded) PostgreSQL: claims, leases, retries, dead jobs, idempotency keys,
 * schedules and the wake after commit. Several server processes on one database are tested at the HTTP
 * boundary (tests/integration/jobs.test.ts).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-test-jobs-"));
// A poll far longer than any wait below: a job that runs promptly was woken, not polled.
const env = parseEnv({ LOG_LEVEL: "silent", JOB_POLL_MS: "60000", JOB_LEASE_MS: "2000" });
const ran: Array<{ type: string; payload: unknown; attempt: number }> = [];
let failuresLeft = 0;
let hanging = 0;
let release: () => void = () => undefined;
const gate = new Promise<void>((resolve) => (release = resolve));
let runner: JobRunner;

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const jobRow = async (key: string) => (await getDb().select().from(schema.jobs).where(eq(schema.jobs.idempotencyKey, key)))[0];

beforeAll(async () => {
  await openDatabase({ dataDir });
  defineJobType<{ n: number }>("test.record", async (payload, ctx) => {
    ran.push({ type: "test.record", payload, attempt: ctx.attempt });
  });
  defineJobType(
    "test.flaky",
    async (payload, ctx) => {
      ran.push({ type: "test.flaky", payload, attempt: ctx.attempt });
      if (failuresLeft-- > 0) throw new Error(`refused (attempt ${ctx.attempt})`);
    },
    { maxAttempts: 2, backoffBaseMs: 50 },
  );
  defineJobLane("test-slow", 1);
  defineJobType(
    "test.hang",
    async (_payload, ctx) => {
      hanging++;
      await Promise.race([gate, new Promise((resolve) => ctx.signal.addEventListener("abort", resolve))]);
    },
    { lane: "test-slow" },
  );
  defineSchedule("test-every-minute", { everyMinutes: 1 }, "test.record", { n: -1 });
  runner = await startJobRunner(env);
}, 180_000);

afterAll(async () => {
  await runner?.stop();
  await closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the job runner", { timeout: 30_000 }, () => {
  it("runs a job queued in a transaction once it commits, and not one whose transaction rolled back", async () => {
    await getDb()
      .transaction(async (tx) => {
        await enqueueJob(tx, "test.record", { n: 1 }, { idempotencyKey: "rolled-back" });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await getDb().transaction((tx) => enqueueJob(tx, "test.record", { n: 2 }, { idempotencyKey: "committed" }));
    const done = await until(async () => (await jobRow("committed"))?.state === "done" && jobRow("committed"), 10_000);
    expect(done).toMatchObject({ attempts: 1, lastError: null });
    expect(ran.filter((r) => (r.payload as { n: number }).n === 2)).toHaveLength(1);
    expect(await jobRow("rolled-back")).toBeUndefined();
  });

  it("ignores a second enqueue with the same idempotency key, even after the first has run", async () => {
    await enqueueJob(getDb(), "test.record", { n: 3 }, { idempotencyKey: "once" });
    await until(async () => (await jobRow("once"))?.state === "done");
    await enqueueJob(getDb(), "test.record", { n: 3 }, { idempotencyKey: "once" });
    const [row] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.jobs)
      .where(eq(schema.jobs.idempotencyKey, "once"));
    expect(row!.n).toBe(1);
    expect(ran.filter((r) => (r.payload as { n: number }).n === 3)).toHaveLength(1);
  });

  it("retries with back-off, keeps the job as dead after its attempts, and runs it again when retried", async () => {
    failuresLeft = 2;
    await enqueueJob(getDb(), "test.flaky", { n: 4 }, { idempotencyKey: "flaky" });
    const dead = await until(async () => (await jobRow("flaky"))?.state === "dead" && jobRow("flaky"));
    expect(dead).toMatchObject({ attempts: 2, lastError: "refused (attempt 2)" });
    const overview = await jobsOverview();
    expect(overview.dead).toContainEqual(expect.objectContaining({ id: dead.id, type: "test.flaky", lastError: "refused (attempt 2)" }));
    expect(overview.counts).toContainEqual({ type: "test.flaky", state: "dead", count: 1 });

    expect(await retryDeadJob(dead.id)).toBe("queued");
    const done = await until(async () => (await jobRow("flaky"))?.state === "done" && jobRow("flaky"), 10_000);
    expect(done).toMatchObject({ attempts: 3, lastError: null });
    expect(await retryDeadJob(dead.id)).toBe("not-dead");
    expect(await retryDeadJob(999_999)).toBe("not-found");
  });

  it("takes a running job again once its lease has run out (its instance died), and finishes it once", async () => {
    const [job] = await getDb()
      .insert(schema.jobs)
      .values({
        type: "test.record",
        payload: { n: 5 },
        state: "running",
        attempts: 1,
        maxAttempts: 3,
        lockedUntil: sql`now() + interval '1 second'`,
        idempotencyKey: "orphan",
      })
      .returning();
    // While the lease holds, nobody takes it; once it has run out, the runner (which sleeps until then) does.
    await enqueueJob(getDb(), "test.record", { n: 6 }); // wakes the runner now
    await until(async () => ran.some((r) => (r.payload as { n: number }).n === 6));
    expect((await jobRow("orphan"))!.state).toBe("running");
    const done = await until(async () => (await jobRow("orphan"))?.state === "done" && jobRow("orphan"));
    expect(done.id).toBe(job!.id);
    expect(done.attempts).toBe(2);
    expect(ran.filter((r) => (r.payload as { n: number }).n === 5)).toEqual([{ type: "test.record", payload: { n: 5 }, attempt: 2 }]);
  });

  it("enqueues a schedule's job once per period, under the key schedule:NAME:PERIOD", async () => {
    const rows = await until(async () => {
      const found = await getDb()
        .select()
        .from(schema.jobs)
        .where(sql`${schema.jobs.idempotencyKey} like 'schedule:test-every-minute:%'`);
      return found.length > 0 && found;
    });
    expect(rows.length).toBeLessThanOrEqual(2); // the test may straddle a minute
    expect(rows[0]!.idempotencyKey).toMatch(/^schedule:test-every-minute:\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
    const daily = await getDb()
      .select()
      .from(schema.jobs)
      .where(sql`${schema.jobs.idempotencyKey} like 'schedule:jobs-prune:%'`);
    expect(daily).toHaveLength(1);
  });

  it("runs a lane's jobs up to its concurrency, while the default lane goes on beside it", async () => {
    await enqueueJob(getDb(), "test.hang", {}, { idempotencyKey: "hang-1" });
    await enqueueJob(getDb(), "test.hang", {}, { idempotencyKey: "hang-2" });
    await until(async () => hanging === 1);
    // The slow lane is full (one slot): its second job waits, and the default lane's jobs still run.
    await enqueueJob(getDb(), "test.record", { n: 7 }, { idempotencyKey: "beside-1" });
    await enqueueJob(getDb(), "test.record", { n: 8 }, { idempotencyKey: "beside-2" });
    await until(async () => (await jobRow("beside-1"))?.state === "done" && (await jobRow("beside-2"))?.state === "done");
    const states = [(await jobRow("hang-1"))!.state, (await jobRow("hang-2"))!.state].sort();
    expect(states).toEqual(["queued", "running"]);
    expect(hanging).toBe(1);
    release();
    await until(async () => (await jobRow("hang-1"))?.state === "done" && (await jobRow("hang-2"))?.state === "done");
    expect(hanging).toBe(2);
  });
});
