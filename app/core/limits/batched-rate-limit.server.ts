import { sql } from "drizzle-orm";
import { rowsTable } from "./batched-rows.server";
import { BatchedWriter } from "./batched-writer.server";
import { rowsOf, schema, type Database } from "../database/db.server";
import { renewedWindow } from "./rate-limit-store.server";

const t = schema.rateLimits;

/** A key's window as this process knows it: `used` by every instance at the last write, `pending` here since. */
type Window = { used: number; pending: number; resetAt: number };
type Increment = { key: string; points: number };

/** Past this many windows known, the ones that ended are forgotten at the next write. */
const PRUNE_AT = 50_000;

/**
 * A rate limit for what arrives by the thousand a second (analytics and web-vitals beacons): counted in this
 * process at once, and shared with every instance through the same rate_limits rows as the other limits, in
 * one statement a second (decision record 0045). A beacon then costs no database round trip: at 2,000 a second
 * one upsert each queued every page's content-version check behind them, and cached pages waited seconds.
 * The bound stays shared: an instance counts its own events exactly and learns the others' at each write,
 * so N instances let through at most N times the limit within one write's interval, never more.
 */
export class BatchedRateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly writer: BatchedWriter<Increment>;

  constructor(private readonly options: { db: () => Database; keyPrefix: string; points: number; duration: number }) {
    this.writer = new BatchedWriter<Increment>({
      name: `rate limit ${options.keyPrefix}`,
      write: (batch) => this.write(batch),
      batchSize: 500,
      flushMs: 1000,
      maxBuffered: 200_000,
      fold: { key: (item) => item.key, merge: (kept, item) => void (kept.points += item.points) },
    });
  }

  /** Counts one event; `retryAfterSeconds` when the key is already at its limit (then nothing is counted). */
  consume(key: string): { limited: false } | { limited: true; retryAfterSeconds: number } {
    const now = Date.now();
    const full = `${this.options.keyPrefix}:${key}`;
    let window = this.windows.get(full);
    if (!window || window.resetAt <= now) {
      window = { used: 0, pending: 0, resetAt: now + this.options.duration * 1000 };
      this.windows.set(full, window);
    }
    if (window.used + window.pending >= this.options.points) {
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
    }
    window.pending++;
    this.writer.add({ key: full, points: 1 });
    return { limited: false };
  }

  /**
   * Gives back one event this process counted in the key's current window (a reservation that turned out
   * not to count): here at once, and in the shared row at the next write. Nothing when the window is over.
   */
  refund(key: string): void {
    const full = `${this.options.keyPrefix}:${key}`;
    const window = this.windows.get(full);
    if (!window || window.resetAt <= Date.now() || window.used + window.pending <= 0) return;
    window.pending--;
    this.writer.add({ key: full, points: -1 });
  }

  /** Whether the key is at its limit, as this process knows it. */
  isLimited(key: string): { limited: false } | { limited: true; retryAfterSeconds: number } {
    const now = Date.now();
    const window = this.windows.get(`${this.options.keyPrefix}:${key}`);
    if (!window || window.resetAt <= now || window.used + window.pending < this.options.points) return { limited: false };
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  /** Forgets the key here and everywhere (its row). */
  async reset(key: string): Promise<void> {
    const full = `${this.options.keyPrefix}:${key}`;
    this.windows.delete(full);
    await this.writer.flush();
    await this.options
      .db()
      .delete(t)
      .where(sql`${t.key} = ${full}`);
  }

  /** Writes what waits (before a test reads the rows, or at shutdown). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  close(): Promise<void> {
    return this.writer.close();
  }

  /**
   * Adds this process's events to the shared rows, by the database's clock (as DbClockRateLimiter: a window
   * that ended restarts), and learns each key's total from every instance.
   */
  private async write(batch: Increment[]): Promise<void> {
    // The window's end is the database's (now() at the write), as DbClockRateLimiter's; the shared rule
    // (renewedWindow) decides whether the row's window goes on or restarts.
    const ms = this.options.duration * 1000;
    const window = renewedWindow(sql`excluded.points`, sql`excluded.expire`);
    const rows = await rowsOf<{ key: string; points: number; msLeft: number }>(
      this.options.db(),
      sql`insert into ${t} (key, points, expire)
          select key, points, now() + ${ms} * interval '1 millisecond' from ${rowsTable(batch, { key: "text", points: "integer" })}
          on conflict (key) do update set points = ${window.points}, expire = ${window.expire}
          returning key, points, (greatest(extract(epoch from expire - now()), 0) * 1000)::float8 as "msLeft"`,
    );
    const now = Date.now();
    const sent = new Map(batch.map((item) => [item.key, item.points]));
    for (const row of rows) {
      const window = this.windows.get(row.key);
      if (!window) continue;
      // A refund waiting here makes `pending` negative until its write: the row then holds it.
      window.pending -= sent.get(row.key) ?? 0;
      window.used = row.points;
      window.resetAt = now + Number(row.msLeft);
    }
    if (this.windows.size > PRUNE_AT) {
      for (const [key, window] of this.windows) if (window.resetAt <= now && window.pending === 0) this.windows.delete(key);
    }
  }
}
