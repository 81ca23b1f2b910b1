import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { getDb, schema, type DbExecutor } from "~/core/db.server";
import { faultPoint } from "~/core/faults.server";
import { logger } from "~/core/logger.server";

/**
 * A small durable queue for work done after the request that asked for it (the mail outbox of
 * app/mail/ was not on main when this was written). Jobs live in the database, so any instance may
 * run them and none is lost with a process; a claim moves `run_after` forward first (with
 * FOR UPDATE SKIP LOCKED), so a job whose runner died is retried later, and two instances never run
 * the same job at once. Failures back off exponentially: 5 s, 10 s, 20 s, ... up to an hour, for at
 * most MAX_ATTEMPTS attempts.
 */
export const MAX_ATTEMPTS = 10;
const POLL_MS = 1000;
const BASE_DELAY_MS = 5000;

type Handler = (payload: unknown) => Promise<void>;
const handlers = new Map<string, Handler>();

export function registerJobHandler(kind: string, handler: Handler): void {
  handlers.set(kind, handler);
}

/** Queues a job; given a transaction, the job is stored with the change that causes it, or not at all. */
export async function enqueueJob(kind: string, payload: unknown, db: DbExecutor = getDb()): Promise<void> {
  faultPoint("job");
  await db.insert(schema.discoverabilityJobs).values({ kind, payload });
  // Inside a transaction the row is not visible until the commit; the next poll finds it then.
  if (db === getDb()) wake();
}

type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number };

async function claim(limit: number): Promise<ClaimedJob[]> {
  const result = await getDb().execute(sql`
    update discoverability_jobs set attempts = attempts + 1,
      run_after = now() + least(interval '1 hour', ${BASE_DELAY_MS} * interval '1 millisecond' * power(2, attempts))
    where id in (
      select id from discoverability_jobs
      where done_at is null and run_after <= now() and attempts < ${MAX_ATTEMPTS}
      order by id limit ${limit} for update skip locked)
    returning id, kind, payload, attempts`);
  return (result as unknown as { rows: ClaimedJob[] }).rows;
}

let running: Promise<void> | undefined;

/** Runs every job that is due now; resolves when they have all been tried once. */
export function runDueJobs(): Promise<void> {
  running ??= (async () => {
    for (;;) {
      const jobs = await claim(10);
      if (jobs.length === 0) return;
      for (const job of jobs) {
        const handler = handlers.get(job.kind);
        try {
          if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
          await handler(job.payload);
          await getDb().update(schema.discoverabilityJobs).set({ doneAt: sql`now()`, lastError: null }).where(eq(schema.discoverabilityJobs.id, job.id));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          logger.warn({ job: job.id, kind: job.kind, attempts: job.attempts, err: message }, "job failed; will retry");
          await getDb().update(schema.discoverabilityJobs).set({ lastError: message.slice(0, 1000) }).where(eq(schema.discoverabilityJobs.id, job.id));
        }
      }
    }
  })()
    .catch((error: unknown) => logger.warn({ err: error }, "job runner could not reach the database"))
    .finally(() => (running = undefined));
  return running;
}

function wake() {
  setImmediate(() => void runDueJobs());
}

let started = false;
export function startJobRunner(): void {
  if (started) return;
  started = true;
  setInterval(() => void runDueJobs(), POLL_MS).unref();
}

/** Jobs still waiting (for the admin page and tests). */
export async function pendingJobs(kind: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.discoverabilityJobs)
    .where(and(eq(schema.discoverabilityJobs.kind, kind), isNull(schema.discoverabilityJobs.doneAt), lte(schema.discoverabilityJobs.attempts, MAX_ATTEMPTS)));
  return Number(row?.n ?? 0);
}
