import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, bigserial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The one job queue (app/core/jobs/jobs.server.ts): work done after the change that caused it, stored in that
 * change's transaction. `state`: queued -> running (leased until `locked_until`) -> done, or back to queued
 * with a later `run_at` after a failure, or dead after `max_attempts`. A running job whose lease ran out
 * (its instance died) is taken again. `idempotency_key`: a second enqueue with the same key is ignored.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload")
      .notNull()
      .default(sql`'{}'::jsonb`),
    state: text("state", { enum: ["queued", "running", "done", "dead"] })
      .notNull()
      .default("queued"),
    /** Claims so far; also the fencing token: only the holder of the latest claim may finish the job. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_idempotency_key")
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // What a claim reads: the due queued jobs and the running ones whose lease may have run out.
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    index("jobs_type_state_idx").on(t.type, t.state),
  ],
);
