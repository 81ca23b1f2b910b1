import { and, desc, eq, sql } from "drizzle-orm";
import { afterCommit, getDb, schema, type DbExecutor } from "../database/db.server";
import type { JobsOverview } from "./jobs";
import { DEFAULT_MAX_ATTEMPTS, jobType, wakeJobRunner } from "./jobs.server";

const t = schema.jobs;

/** What the admin sees: how many jobs of each type are in each state, and the dead ones with their last error. */
export async function jobsOverview(deadLimit = 50): Promise<JobsOverview> {
  const db = getDb();
  const counts = await db
    .select({ type: t.type, state: t.state, count: sql<number>`count(*)::int` })
    .from(t)
    .groupBy(t.type, t.state)
    .orderBy(t.type, t.state);
  const dead = await db
    .select({ id: t.id, type: t.type, attempts: t.attempts, lastError: t.lastError, createdAt: t.createdAt, finishedAt: t.finishedAt })
    .from(t)
    .where(eq(t.state, "dead"))
    .orderBy(desc(t.finishedAt), desc(t.id))
    .limit(deadLimit);
  return {
    counts: counts.map((row) => ({ ...row, count: Number(row.count) })),
    dead: dead.map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), finishedAt: job.finishedAt?.toISOString() ?? null })),
  };
}

/**
 * Runs a finished job again by its idempotency key, inside `db` (a held message of a resumed mailing): due at
 * once, keeping its first due time so it takes its old place in the queue (a resumed mailing goes on in its
 * order); false when there is none finished by that key (pruned: the caller enqueues it anew). The runner is
 * woken once the transaction commits.
 */
export async function requeueFinishedJob(db: DbExecutor, idempotencyKey: string): Promise<boolean> {
  const fresh = await db
    .update(t)
    .set({
      state: "queued",
      runAt: sql`least(${t.runAt}, now())`,
      finishedAt: null,
      lastError: null,
      maxAttempts: sql`${t.attempts} + ${t.maxAttempts}`,
    })
    .where(and(eq(t.idempotencyKey, idempotencyKey), eq(t.state, "done")))
    .returning({ id: t.id });
  if (fresh.length) afterCommit(wakeJobRunner);
  return fresh.length > 0;
}

export type RetryOutcome = "queued" | "not-found" | "not-dead";

/**
 * Puts a dead job back in the queue, due now, with a fresh set of attempts. `attempts` keeps counting
 * (it is the claims' fencing token); the limit moves up instead.
 */
export async function retryDeadJob(id: number): Promise<RetryOutcome> {
  const [job] = await getDb().select({ type: t.type, state: t.state }).from(t).where(eq(t.id, id));
  if (!job) return "not-found";
  const fresh = jobType(job.type)?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const updated = await getDb()
    .update(t)
    .set({ state: "queued", runAt: sql`now()`, finishedAt: null, maxAttempts: sql`${t.attempts} + ${fresh}` })
    .where(and(eq(t.id, id), eq(t.state, "dead")))
    .returning({ id: t.id });
  if (updated.length === 0) return "not-dead";
  wakeJobRunner();
  return "queued";
}
