import { sql } from "drizzle-orm";
import { getDb, schema } from "../database/db.server";
import type { Env } from "../instance/env.server";
import { retryDelayMs, schedulePeriod } from "./job-rules";
import { buryAbandoned, claimDue, leaseOf, markDone, markFailed, msUntilNextDue, type Claimed } from "./job-claims.server";
import {
  DEFAULT_BACKOFF_BASE_MS,
  DEFAULT_LANE,
  defineJobType,
  defineSchedule,
  definedLanes,
  definedSchedules,
  enqueueJob,
  jobType,
  onJobEnqueued,
  type JobType,
} from "./jobs.server";
import { dbNow } from "../database/db-clock.server";
import { logger } from "../logs/logger.server";
import { notifyServerError } from "../logs/error-observers";
import { pruneRateLimits } from "../limits/rate-limit-store.server";

const t = schema.jobs;

/** Finished jobs are kept this long (the admin sees counts; a schedule's old keys are never reused). */
const KEEP_DONE_DAYS = 14;
const KEEP_DEAD_DAYS = 90;
/** At shutdown, the running jobs get this long to finish; after it, their leases are left to run out. */
const STOP_GRACE_MS = 10_000;

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
    if (state === "dead") {
      logger.error(fields, "job failed for the last time; kept as dead for the admin");
      notifyServerError({ source: "job", error, where: job.type });
    } else logger.warn({ ...fields, retryInMs: delay }, "job failed; will retry");
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener("abort", onStop);
  }
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

/** One lane's loop on this instance: its slots, the jobs in them, and its own timer. */
type LaneLoop = {
  name: string;
  concurrency: number;
  types: JobType[];
  running: Set<Promise<void>>;
  filling: Promise<void> | null;
  again: boolean;
  timer?: NodeJS.Timeout;
};

/**
 * Starts this instance's runner (decision record 0047): each lane claims due jobs of its own types until
 * its slots are full, runs them side by side, and looks again when one finishes, when this instance
 * enqueues a job of the lane, or when the next of its jobs falls due (at most JOB_POLL_MS later; timers
 * unref'd, so they never keep the process alive). The default lane also enqueues the due schedules. Call
 * after every feature has defined its job types and lanes.
 */
export async function startJobRunner(env: Env): Promise<JobRunner> {
  defineCoreJobs();
  /** Aborted once the stop's grace has passed: the handlers still running are told to give up. */
  const stopping = new AbortController();
  let stopRequested = false;
  const loops: LaneLoop[] = definedLanes().map((lane) => ({ ...lane, running: new Set(), filling: null, again: false }));

  function start(loop: LaneLoop, job: Claimed): void {
    const done: Promise<void> = runJob(job, env, stopping.signal)
      .catch((error: unknown) =>
        logger.error({ err: error, jobId: job.id, type: job.type }, "could not record a job's outcome; its lease will run out"),
      )
      .finally(() => {
        loop.running.delete(done);
        poke(loop);
      });
    loop.running.add(done);
  }

  /** Fills the lane's free slots; resolves with how long to sleep before looking again. */
  async function fill(loop: LaneLoop): Promise<number> {
    if (loop.name === DEFAULT_LANE) {
      await enqueueDueSchedules(env);
      await buryAbandoned();
    }
    for (let free = loop.concurrency - loop.running.size; free > 0 && !stopRequested; free = loop.concurrency - loop.running.size) {
      const jobs = await claimDue(env, loop.types, free);
      for (const job of jobs) start(loop, job);
      if (jobs.length < free) break;
    }
    // Full: the next finish looks again; only the schedules need the poll.
    if (loop.running.size >= loop.concurrency) return env.JOB_POLL_MS;
    const next = await msUntilNextDue(loop.types);
    // A few ms late rather than early: a claim a moment before run_at finds nothing.
    return next === undefined ? env.JOB_POLL_MS : Math.min(env.JOB_POLL_MS, next + 5);
  }

  function poke(loop: LaneLoop): void {
    if (stopRequested) return;
    if (loop.filling) {
      loop.again = true;
      return;
    }
    clearTimeout(loop.timer);
    let sleepMs = env.JOB_POLL_MS;
    loop.filling = fill(loop)
      .then(
        (ms) => void (sleepMs = ms),
        (error: unknown) =>
          logger.error({ err: error, lane: loop.name }, "job runner could not reach the database; retrying at the next poll"),
      )
      .finally(() => {
        loop.filling = null;
        if (stopRequested) return;
        if (loop.again) {
          loop.again = false;
          poke(loop);
        } else {
          loop.timer = setTimeout(() => poke(loop), sleepMs);
          loop.timer.unref();
        }
      });
  }

  function wake(type?: string): void {
    for (const loop of loops) if (type === undefined || loop.types.some((d) => d.type === type)) poke(loop);
  }

  // The first schedules are in the database before the server listens (a test can count on it).
  await enqueueDueSchedules(env).catch((error: unknown) => logger.error({ err: error }, "could not enqueue scheduled jobs"));
  onJobEnqueued(wake);
  logger.info(
    {
      lanes: Object.fromEntries(loops.map((l) => [l.name, { concurrency: l.concurrency, types: l.types.map((d) => d.type) }])),
      schedules: definedSchedules().map((s) => s.name),
    },
    "job runner started",
  );
  wake();

  return {
    stop: async () => {
      stopRequested = true;
      onJobEnqueued(undefined);
      for (const loop of loops) clearTimeout(loop.timer);
      // A claim under way when the stop came starts its jobs too: they are waited for with the others.
      const finished = (async () => {
        await Promise.all(loops.map((loop) => loop.filling));
        await Promise.all(loops.flatMap((loop) => [...loop.running]));
      })();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([finished, new Promise<void>((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(grace);
      stopping.abort();
    },
  };
}
