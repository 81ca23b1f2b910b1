import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, schema, rowsOf } from "../database/db.server";
import type { Env } from "../instance/env.server";
import type { JobType } from "./jobs.server";

/**
 * The runner's statements on the `jobs` table (decision records 0010 and 0047): claim, finish, fail, bury,
 * and how long until the next job of a lane falls due. Every statement names the job types it may touch, so
 * a lane claims only its own jobs and one lane's backlog never hides another's.
 */
const t = schema.jobs;

export type Claimed = { id: number; type: string; payload: unknown; attempts: number; maxAttempts: number };

export function leaseOf(definition: JobType, env: Env): number {
  return definition.options.leaseMs ?? env.JOB_LEASE_MS;
}

/**
 * Takes up to `limit` due jobs of `types`, in one statement: FOR UPDATE SKIP LOCKED means two instances (or
 * two lanes) asking at once get different jobs; a running job whose lease has run out (its instance died)
 * counts as due. Each claim adds one to `attempts`, the fencing token of the finish below. Types this
 * instance does not know (a newer version's, during a rolling deploy) are left for the others.
 */
export async function claimDue(env: Env, types: readonly JobType[], limit: number): Promise<Claimed[]> {
  if (types.length === 0 || limit < 1) return [];
  const leases = sql.join(
    types.map((definition) => sql`(${definition.type}::text, ${leaseOf(definition, env)}::int)`),
    sql`, `,
  );
  const result = await rowsOf<Claimed>(
    getDb(),
    sql`
    with lease(type, ms) as (values ${leases})
    update jobs set state = 'running', attempts = jobs.attempts + 1,
      locked_until = now() + lease.ms * interval '1 millisecond'
    from lease
    where lease.type = jobs.type and jobs.id in (
      select id from jobs
      where type in (select type from lease)
        and ((state = 'queued' and run_at <= now())
          or (state = 'running' and locked_until < now() and attempts < max_attempts))
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning jobs.id, jobs.type, jobs.payload, jobs.attempts, jobs.max_attempts as "maxAttempts"`,
  );
  return result.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A job that kept losing its instance (a crash each time) stops being retried once its attempts are spent. */
export async function buryAbandoned(): Promise<void> {
  await getDb()
    .update(t)
    .set({ state: "dead", lockedUntil: null, finishedAt: sql`now()`, lastError: "its instance stopped while running it, every attempt" })
    .where(and(eq(t.state, "running"), lt(t.lockedUntil, sql`now()`), sql`${t.attempts} >= ${t.maxAttempts}`));
}

/** Only the holder of the latest claim may finish a job: `attempts` must still be the claim's. */
function heldBy(job: Claimed) {
  return and(eq(t.id, job.id), eq(t.attempts, job.attempts), eq(t.state, "running"));
}

export async function markDone(job: Claimed): Promise<void> {
  await getDb()
    .update(t)
    .set({ state: "done", lockedUntil: null, finishedAt: sql`now()`, lastError: null })
    .where(heldBy(job));
}

export async function markFailed(job: Claimed, error: string, retryInMs: number): Promise<"queued" | "dead"> {
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

/** What the runner's watch sees in one statement: how long until each type's next job falls due, and any job to bury. */
export type DueJobs = { msByType: Map<string, number>; abandoned: boolean };

/**
 * How long until the next job of each type falls due (a retry's back-off, a job queued for later, a lease
 * running out), so a retry after 50 ms runs after 50 ms and not at the next poll; and whether a running job's
 * lease has run out with no attempt left (buryAbandoned's work). One statement for every lane of the instance:
 * an idle instance asks the database once a poll, not twice a lane (issue 48). Reads only the partial index
 * of queued and running jobs.
 */
export async function dueJobs(): Promise<DueJobs> {
  const rows = await rowsOf<{ type: string; ms: number | null; abandoned: boolean }>(
    getDb(),
    sql`
    select type,
      ceil(extract(epoch from least(
        min(run_at) filter (where state = 'queued'),
        min(locked_until) filter (where state = 'running')) - now()) * 1000)::float8 as ms,
      bool_or(state = 'running' and locked_until < now() and attempts >= max_attempts) as abandoned
    from jobs where state in ('queued', 'running') group by type`,
  );
  const msByType = new Map<string, number>();
  for (const row of rows) if (row.ms !== null) msByType.set(row.type, Math.max(0, Number(row.ms)));
  return { msByType, abandoned: rows.some((row) => row.abandoned) };
}
