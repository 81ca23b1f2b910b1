import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, rowsOf, type DbExecutor } from "../database/db.server";
import { defineJobType, enqueueJob } from "./jobs.server";

/**
 * Work done through a table of rows to do, in batches of the job runner (decision record 0090): each batch
 * is a job of its own that leases up to N of the rows in one transaction (FOR UPDATE SKIP LOCKED: two
 * instances, or a batch retried while the first still runs, take different rows), does its work on them and
 * marks them done in that transaction, then queues the next batch. A batch killed half-way rolls back whole
 * and its rows are taken again: each row's work is committed once. The only row leasing outside the runner's
 * own claims (job-claims.server.ts): a feature says what its rows are and what a batch does with them.
 */
type BatchTodo<T extends PgTable> = {
  table: T;
  /** The rows still to do; a batch must take each row it leases out of this (mark it done). */
  where: SQL;
  order: Array<PgColumn | SQL>;
};

/** A batch's answer: go on (the next batch now, if rows are left), wait until a time, or stop the chain. */
type BatchOutcome = void | "stop" | { waitUntil: Date };

export type BatchJob<P extends object, T extends PgTable, C> = {
  /** The chain's idempotency key; batch n is queued once as `key:n`. */
  key: (payload: P) => string;
  todo: (payload: P) => BatchTodo<T>;
  /** Work before the transaction (rendering, loading keys): nothing costly runs while rows are locked. */
  prepare?: (payload: P) => Promise<C>;
  /** One batch, in its transaction; `lease(n)` takes up to n rows that no other batch holds. */
  run: (tx: DbExecutor, payload: P, lease: (limit: number) => Promise<Array<T["$inferSelect"]>>, prepared: C) => Promise<BatchOutcome>;
  /** In the last batch's transaction, once no row is left. */
  finished?: (tx: DbExecutor, payload: P) => Promise<void>;
};

type Batch<P> = P & { batch: number };

/**
 * The job type `type` as a chain of batches: `define()` from the feature's job registration, `start` in the
 * transaction of the change that causes the work (as enqueueJob). Batch n's payload is the chain's and `batch: n`.
 */
export function batchJob<P extends object, T extends PgTable, C = undefined>(
  type: string,
  job: BatchJob<P, T, C>,
): { define: () => void; start: (db: DbExecutor, payload: P) => Promise<void> } {
  const queueBatch = (db: DbExecutor, payload: P, batch: number, runAt?: Date) =>
    enqueueJob(db, type, { ...payload, batch } satisfies Batch<P>, {
      idempotencyKey: `${job.key(payload)}:${batch}`,
      ...(runAt ? { runAt } : {}),
    });
  const define = () =>
    defineJobType<Batch<P>>(type, async ({ batch, ...rest }) => {
      const payload = rest as unknown as P;
      const prepared = (job.prepare ? await job.prepare(payload) : undefined) as C;
      const todo = job.todo(payload);
      await getDb().transaction(async (tx) => {
        const lease = (limit: number) =>
          tx
            .select()
            .from(todo.table as PgTable)
            .where(todo.where)
            .orderBy(...todo.order)
            .limit(limit)
            .for("update", { skipLocked: true }) as Promise<Array<T["$inferSelect"]>>;
        const outcome = await job.run(tx, payload, lease, prepared);
        if (outcome === "stop") return;
        if (outcome) return queueBatch(tx, payload, batch + 1, outcome.waitUntil);
        // Rows another batch holds count as left: that batch may yet roll back.
        const [left] = await rowsOf<{ left: boolean }>(tx, sql`select exists (select 1 from ${todo.table} where ${todo.where}) as "left"`);
        if (left?.left) await queueBatch(tx, payload, batch + 1);
        else await job.finished?.(tx, payload);
      });
    });
  return { define, start: (db, payload) => queueBatch(db, payload, 1) };
}
