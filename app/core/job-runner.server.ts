import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, schema } from "./db.server";
import type { Env } from "./env.server";
import { retryDelayMs, schedulePeriod } from "./job-rules";
import {
  DEFAULT_BACKOFF_BASE_MS,
  defineJobType,
  defineSchedule,
  definedJobTypes,
  definedSchedules,
  enqueueJob,
  jobType,
  onJobEnqueued,
  type JobType,
} from "./jobs.server";
import { dbNow } from "./db-clock.server";
import { logger } from "./logger.server";
import { pruneRateLimits } from "./rate-limit-store.server";

const t = schema.jobs;

/** Finished jobs are kept this long (the admin sees counts; a schedule's old keys are never reused). */
const KEEP_DONE_DAYS = 14;
const KEEP_DEAD_DAYS = 90;
/** At shutdown, the running job gets this long to finish; after it, its lease is left to run out. */
const STOP_GRACE_MS = 10_000;

type Claimed = { id: number; type: string; payload: unknown; attempts: number; maxAttempts: number };

function leaseOf(definition: JobType, env: Env): number {
  return definition.options.leaseMs ?? env.JOB_LEASE_MS;
}

/**
 * Takes the next due job of a type this instance knows, in one statement: FOR UPDATE SKIP LOCKED means two
 * instances asking at once get different jobs; a running job whose lease has run out (its instance died)
 * counts as due. Each claim adds one to `attempts`, the fencing token of the finish below. Types this
 * instance does not know (a newer version's, during a rolling deploy) are left for the others.
 */
async function claimNext(env: Env): Promise<Claimed | undefined> {
  const types = definedJobTypes();
  if (types.length === 0) return undefined;
  const leases = sql.join(
    types.map((definition) => sql`(${definition.type}::text, ${leaseOf(definition, env)}::int)`),
    sql`, `,
  );
  const result = await getDb().execute(sql`
    with lease(type, ms) as (values ${leases})
    update jobs set state = 'running', attempts = jobs.attempts + 1,
      locked_until = now() + lease.ms * interval '1 millisecond'
    from lease
    where lease.type = jobs.type and jobs.id = (
      select id from jobs
      where type in (select type from lease)
        and ((state = 'queued' and run_at <= now())
          or (state = 'running' and locked_until < now() and attempts < max_attempts))
      order by run_at, id
      limit 1
      for update skip locked)
    returning jobs.id, jobs.type, jobs.payload, jobs.attempts, jobs.max_attempts as "maxAttempts"`);
  const row = (result as unknown as { rows: Claimed[] }).rows[0];
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** A job that kept losing its instance (a crash each time) stops being retried once its attempts are spent. */
async function buryAbandoned(): Promise<void> {
  await getDb()
    .update(t)
    .set({ state: "dead", lockedUntil: null, finishedAt: sql`now()`, lastError: "its instance stopped while running it, every attempt" })
    .where(and(eq(t.state, "running"), lt(t.lockedUntil, sql`now()`), sql`${t.attempts} >= ${t.maxAttempts}`));
}

/** Only the holder of the latest claim may finish a job: `attempts` must still be the claim's. */
function heldBy(job: Claimed) {
  return and(eq(t.id, job.id), eq(t.attempts, job.attempts), eq(t.state, "running"));
}

async function markDone(job: Claimed): Promise<void> {
  await getDb().update(t).set({ state: "done", lockedUntil: null, finishedAt: sql`now()`, lastError: null }).where(heldBy(job));
}

async function markFailed(job: Claimed, error: string, retryInMs: number): Promise<"queued" | "dead"> {
  const dead = job.attempts >= job.maxAttempts;
  await getDb()
    .update(t)
    .set({
      state: dead ? "dead" : "queued",
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      runAt: dead ? undefined : sql`now() + ${retryInMs} * interval '1 millisecond'`,
      finishedAt: dead ? sql`now()` : null,
    })
    .where(heldBy(job));
  return dead ? "dead" : "queued";
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function runJob(job: Claimed, env: Env, stopping: AbortSignal): Promise<void> {
  const definition = jobType(job.type)!;
  const leaseMs = leaseOf(definition, env);
  const timeoutMs = Math.min(definition.options.timeoutMs ?? Math.floor(leaseMs * 0.8), leaseMs);
  const controller = new AbortController();
  const onStop = () => controller.abort(new Error("the instance is stopping"));
  stopping.addEventListener("abort", onStop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`timed out after ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  const started = Date.now();
  try {
    await Promise.race([definition.handler(job.payload, { jobId: job.id, attempt: job.attempts, signal: controller.signal }), timedOut]);
    await markDone(job);
    logger.debug({ jobId: job.id, type: job.type, attempt: job.attempts, ms: Date.now() - started }, "job done");
  } catch (error) {
    // Stopping mid-job: leave the lease to run out, so a surviving instance (or the next start) takes it.
    if (stopping.aborted) return;
    const delay = retryDelayMs(job.attempts, definition.options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS);
    const state = await markFailed(job, errorText(error), delay);
    const fields = { jobId: job.id, type: job.type, attempt: job.attempts, err: errorText(error) };
    if (state === "dead") logger.error(fields, "job failed for the last time; kept as dead for the admin");
    else logger.warn({ ...fields, retryInMs: delay }, "job failed; will retry");
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener("abort", onStop);
  }
}

/**
 * How long until the next job falls due (a retry's back-off, a job queued for later, a lease running out),
 * so a retry after 50 ms runs after 50 ms and not at the next poll.
 */
async function msUntilNextDue(): Promise<number | undefined> {
  const result = await getDb().execute(sql`
    select ceil(extract(epoch from least(
      (select min(run_at) from jobs where state = 'queued'),
      (select min(locked_until) from jobs where state = 'running')) - now()) * 1000)::float8 as ms`);
  const ms = (result as unknown as { rows: Array<{ ms: number | null }> }).rows[0]?.ms;
  return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
}

/** The period each schedule was last enqueued for by this instance: one insert per period, not per poll. */
const enqueuedPeriods = new Map<string, string>();

/** The periods come by the database's clock: an instance whose clock runs ahead does not start them early. */
async function enqueueDueSchedules(env: Env, now = dbNow()): Promise<void> {
  for (const schedule of definedSchedules()) {
    const period = schedulePeriod(schedule.when, now, env.SITE_TIMEZONE);
    if (enqueuedPeriods.get(schedule.name) === period) continue;
    await enqueueJob(getDb(), schedule.type, schedule.payload, { idempotencyKey: `schedule:${schedule.name}:${period}` });
    enqueuedPeriods.set(schedule.name, period);
  }
}

/** The runner's own housekeeping, a job like any other. */
function defineCoreJobs(): void {
  defineJobType("jobs.prune", async () => {
    await getDb()
      .delete(t)
      .where(
        sql`(${t.state} = 'done' and ${t.finishedAt} < now() - make_interval(days => ${KEEP_DONE_DAYS}))
          or (${t.state} = 'dead' and ${t.finishedAt} < now() - make_interval(days => ${KEEP_DEAD_DAYS}))`,
      );
  });
  defineSchedule("jobs-prune", { dailyAt: "04:00" }, "jobs.prune");
  // Rate-limit windows over an hour past (the library's own timer judged that by the process's clock).
  defineJobType("rate-limits.prune", () => pruneRateLimits(getDb()));
  defineSchedule("rate-limits-prune", { everyMinutes: 60 }, "rate-limits.prune");
}

export type JobRunner = { stop: () => Promise<void> };

/**
 * Starts this instance's runner: it enqueues the due schedules, then claims and runs due jobs one at a
 * time until none is left, then sleeps JOB_POLL_MS (unref'd: it never keeps the process alive) or until
 * this instance enqueues a job. Call after every feature has defined its job types.
 */
export async function startJobRunner(env: Env): Promise<JobRunner> {
  defineCoreJobs();
  /** Aborted once the stop's grace has passed: the handler still running is told to give up. */
  const stopping = new AbortController();
  let stopRequested = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** Runs every due job; resolves with how long to sleep before looking again. */
  async function drain(): Promise<number> {
    await enqueueDueSchedules(env);
    await buryAbandoned();
    while (!stopRequested) {
      const job = await claimNext(env);
      if (!job) break;
      await runJob(job, env, stopping.signal);
    }
    const next = await msUntilNextDue();
    // A few ms late rather than early: a claim a moment before run_at finds nothing.
    return next === undefined ? env.JOB_POLL_MS : Math.min(env.JOB_POLL_MS, next + 5);
  }

  function run(): void {
    if (stopRequested) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error: unknown) => {
        logger.error({ err: error }, "job runner could not reach the database; retrying at the next poll");
        return env.JOB_POLL_MS;
      })
      .then((sleepMs) => {
        running = null;
        if (stopRequested) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, sleepMs);
          timer.unref();
        }
      });
  }

  // The first schedules are in the database before the server listens (a test can count on it).
  await enqueueDueSchedules(env).catch((error: unknown) => logger.error({ err: error }, "could not enqueue scheduled jobs"));
  onJobEnqueued(run);
  logger.info({ types: definedJobTypes().map((d) => d.type), schedules: definedSchedules().map((s) => s.name) }, "job runner started");
  run();

  return {
    stop: async () => {
      stopRequested = true;
      onJobEnqueued(undefined);
      clearTimeout(timer);
      const current = running;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise<void>((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(grace);
      stopping.abort();
    },
  };
}
