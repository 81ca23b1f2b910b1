import { afterCommit, schema, type DbExecutor } from "../database/db.server";
import { checkScheduleWhen, type ScheduleWhen } from "./job-rules";
import { DEFAULT_LANE_CONCURRENCY } from "./jobs";

/**
 * The one job runner's API (decision record 0010). A feature defines its job types and schedules in a
 * `register…Jobs()` function called from app/startup.server.ts before the runner starts (job-runner.server.ts),
 * and queues work with `enqueueJob` in the transaction of the change that causes it (the outbox pattern):
 * the change and its job are stored together or not at all. Delivery is at least once: a handler must be
 * safe to run again (its instance may die after the work but before the job is marked done).
 */
export type { DbExecutor };

export type JobContext = {
  jobId: number;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the job's time is up (timeoutMs) or the instance is stopping. */
  signal: AbortSignal;
};

export type JobOptions = {
  /** Attempts before the job is kept as dead (the admin can retry it). Default 10. */
  maxAttempts?: number;
  /** How long a claim lasts before another instance may take the job; default JOB_LEASE_MS. */
  leaseMs?: number;
  /** First retry delay, doubling each failure up to an hour. Default 5 s. */
  backoffBaseMs?: number;
  /** An attempt running longer fails (and is retried); default 80% of the lease, never more. */
  timeoutMs?: number;
  /**
   * The lane its jobs run in (decision record 0047): each lane has its own slots on each instance, so a
   * lane full of slow jobs (webhooks to a receiver that never answers) delays only its own. Default
   * "default"; another lane must be made with `defineJobLane` first.
   */
  lane?: string;
};

export type JobType = {
  type: string;
  handler: (payload: unknown, ctx: JobContext) => Promise<void>;
  options: JobOptions;
};

export type Schedule = { name: string; when: ScheduleWhen; type: string; payload: unknown };

export const DEFAULT_MAX_ATTEMPTS = 10;
export const DEFAULT_BACKOFF_BASE_MS = 5_000;

/** The lane of every job type that names none: mail, schedules, go-live, imports' follow-ups. */
export const DEFAULT_LANE = "default";

const jobTypes = new Map<string, JobType>();
const lanes = new Map<string, number>([[DEFAULT_LANE, DEFAULT_LANE_CONCURRENCY]]);
const LANE_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Makes a lane: at most `concurrency` of its jobs run at once on each instance (like an Oban queue's
 * local limit), whatever the other lanes are doing. Defining it again sets its concurrency.
 */
export function defineJobLane(name: string, concurrency: number): void {
  if (!LANE_NAME.test(name)) throw new Error(`job lane "${name}" may hold only a-z, 0-9 and "-"`);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`job lane "${name}": concurrency must be a whole number from 1`);
  lanes.set(name, concurrency);
}

/** Every lane with its concurrency and the job types that run in it. */
export function definedLanes(): Array<{ name: string; concurrency: number; types: JobType[] }> {
  return [...lanes].map(([name, concurrency]) => ({
    name,
    concurrency,
    types: [...jobTypes.values()].filter((d) => (d.options.lane ?? DEFAULT_LANE) === name),
  }));
}
const schedules = new Map<string, Schedule>();

const JOB_TYPE_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/**
 * Says how jobs of `type` ("feature.action", e.g. "mail.deliver") are done. Defining the same type again
 * replaces it (a module evaluated twice in development).
 */
export function defineJobType<P>(type: string, handler: (payload: P, ctx: JobContext) => Promise<void>, options: JobOptions = {}): void {
  if (!JOB_TYPE_NAME.test(type)) throw new Error(`job type "${type}" must look like "feature.action"`);
  if (options.maxAttempts !== undefined && (!Number.isInteger(options.maxAttempts) || options.maxAttempts < 1)) {
    throw new Error(`job type "${type}": maxAttempts must be a whole number from 1`);
  }
  if (options.lane !== undefined && !lanes.has(options.lane))
    throw new Error(`job type "${type}": no job lane "${options.lane}" is defined`);
  jobTypes.set(type, { type, handler: handler as JobType["handler"], options });
}

/**
 * Runs `type` once per period across every instance sharing the database: `{ dailyAt: "03:00" }` in
 * SITE_TIMEZONE, or `{ everyMinutes: 10 }`. Each instance enqueues the period's job with the key
 * `schedule:NAME:PERIOD`; the first insert wins, the others are ignored. A period missed while no
 * instance ran is run once when one starts.
 */
export function defineSchedule(name: string, when: ScheduleWhen, type: string, payload: unknown = {}): void {
  checkScheduleWhen(when);
  if (!/^[a-z0-9.-]+$/.test(name)) throw new Error(`schedule name "${name}" may hold only a-z, 0-9, "." and "-"`);
  schedules.set(name, { name, when, type, payload });
}

export function jobType(type: string): JobType | undefined {
  return jobTypes.get(type);
}

export function definedSchedules(): Schedule[] {
  return [...schedules.values()];
}

let wakeRunner: ((type?: string) => void) | undefined;

/** The runner of this instance listens here (one per process); `type` says which lane to wake, none all. */
export function onJobEnqueued(listener: ((type?: string) => void) | undefined): void {
  wakeRunner = listener;
}

/** Wakes this instance's runner now (after a job was made due by other means than enqueueJob). */
export function wakeJobRunner(): void {
  wakeRunner?.();
}

/**
 * Stores a job in `db`, the caller's transaction (or the database), due at `runAt` (default now). A second
 * enqueue with the same `idempotencyKey` is ignored, even after the first has run. This instance's runner
 * is woken once the transaction commits, so the job starts at once instead of at the next poll.
 */
export async function enqueueJob(
  db: DbExecutor,
  type: string,
  payload: unknown,
  options: { idempotencyKey?: string; runAt?: Date } = {},
): Promise<void> {
  await enqueueJobs(db, type, [{ payload, ...options }]);
}

/**
 * Stores many jobs of one type as enqueueJob does each, in one statement: a list mailing's batch queues fifty
 * deliveries at once, and on PGlite each statement is the main thread's work (bench:broadcasts).
 */
export async function enqueueJobs(
  db: DbExecutor,
  type: string,
  jobs: { payload: unknown; idempotencyKey?: string; runAt?: Date }[],
): Promise<void> {
  const definition = jobTypes.get(type);
  if (!definition) throw new Error(`no job type "${type}" is defined`);
  if (!jobs.length) return;
  await db
    .insert(schema.jobs)
    .values(
      jobs.map((job) => ({
        type,
        payload: job.payload ?? {},
        maxAttempts: definition.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt: job.runAt,
        idempotencyKey: job.idempotencyKey ?? null,
      })),
    )
    // The only unique index besides the id is the idempotency key's.
    .onConflictDoNothing();
  const now = Date.now();
  if (jobs.some((job) => !job.runAt || job.runAt.getTime() <= now)) afterCommit(() => wakeRunner?.(type));
}
