import { and, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { schema, type Database } from "../database/db.server";

const t = schema.rateLimits;
type Row = { points: number; expire: Date | null; msLeft: number | null };

/** What a row says, with the time it has left by the database's clock. */
const columns = {
  points: t.points,
  expire: t.expire,
  msLeft: sql<number | null>`(greatest(extract(epoch from ${t.expire} - now()), 0) * 1000)::float8`,
};

/**
 * A window's row after `points` more (an upsert's SET): a window that ended (by the database's clock)
 * restarts with `points` until `expire`, else it adds them; a refund never takes it below 0. The one rule for
 * every limiter (this store's and ./batched-rate-limit.server.ts's).
 */
export function renewedWindow(points: SQL, expire: SQL): { points: SQL; expire: SQL } {
  const expired = sql`${t.expire} <= now()`;
  return {
    points: sql`greatest(case when ${expired} then ${points} else ${t.points} + ${points} end, 0)`,
    expire: sql`case when ${expired} then ${expire} else ${t.expire} end`,
  };
}

/**
 * rate-limiter-flexible's Drizzle store, with every time taken from the database's clock (decision record
 * 0029): the library stamps windows with the process's Date, so an instance whose clock runs ahead saw
 * the others' windows as over and opened a fresh one (a sign-in limit of 5 let 5 more guesses through).
 * The store's three steps are the library's, in one statement each as there, with now() for the time.
 */
export class DbClockRateLimiter extends RateLimiterDrizzle {
  private readonly db: Database;

  constructor(options: { db: Database; keyPrefix: string; points: number; duration: number; blockDuration?: number }) {
    const { db, ...limits } = options;
    // Expired rows are removed by the library's timer with the process's clock: done here by SQL instead.
    super({ ...limits, storeClient: db, schema: t, clearExpiredByTimeout: false });
    this.db = db;
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Row> {
    const newExpire = msDuration > 0 ? sql`now() + ${msDuration} * interval '1 millisecond'` : sql`null::timestamptz`;
    const [row] = await this.db
      .insert(t)
      .values({ key, points, expire: newExpire })
      .onConflictDoUpdate({
        target: t.key,
        set: forceExpire ? { points, expire: newExpire } : renewedWindow(sql`${points}`, newExpire),
      })
      .returning(columns);
    return row!;
  }

  async _get(key: string): Promise<Row | null> {
    const [row] = await this.db
      .select(columns)
      .from(t)
      .where(and(eq(t.key, key), or(gt(t.expire, sql`now()`), isNull(t.expire))))
      .limit(1);
    return row ?? null;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, row: Row): RateLimiterRes {
    return new RateLimiterRes(
      Math.max(this.points - row.points, 0),
      row.msLeft === null ? -1 : Number(row.msLeft),
      row.points,
      row.points === changedPoints,
    );
  }
}

/** Removes rate-limit rows expired over an hour ago (an hourly job of the runner's own: job-runner.server.ts). */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.delete(t).where(lt(t.expire, sql`now() - interval '1 hour'`));
}
