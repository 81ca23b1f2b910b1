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

/**
 * How long until the next job of `types` falls due (a retry's back-off, a job queued for later, a lease
 * running out), so a retry after 50 ms runs after 50 ms and not at the next poll.
 */
export async function msUntilNextDue(types: readonly JobType[]): Promise<number | undefined> {
  if (types.length === 0) return undefined;
  const names = sql.join(
    types.map((definition) => sql`${definition.type}::text`),
    sql`, `,
  );
  const result = await rowsOf<{ ms: number | null }>(
    getDb(),
    sql`
    select ceil(extract(epoch from least(
      (select min(run_at) from jobs where state = 'queued' and type in (${names})),
      (select min(locked_until) from jobs where state = 'running' and type in (${names}))) - now()) * 1000)::float8 as ms`,
  );
  const ms = result[0]?.ms;
  return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
}
