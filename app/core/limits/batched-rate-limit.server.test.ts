import { withTemporaryDatabase } from "../database/test-database.server";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BatchedRateLimiter } from "./batched-rate-limit.server";
import { getDb, rowsOf } from "../database/db.server";

/**
 * The beacons' limiter against a real (embedded) PostgreSQL: counted in memory, shared through the
 * rate_limits row at each write, windows timed by the database's clock, refunds given back in both places.
 * Two limiters on one database stand for two instances.
 */
withTemporaryDatabase("batched-limit");

let n = 0;
/** A limiter of its own prefix (so tests share no row), and `other`: a second instance of it. */
function limiters(points = 3) {
  const keyPrefix = `test${++n}`;
  const make = () => new BatchedRateLimiter({ db: getDb, keyPrefix, points, duration: 60 });
  return {
    one: make(),
    other: make(),
    row: async (key: string) =>
      (await rowsOf<{ points: number }>(getDb(), sql`select points from rate_limits where key = ${`${keyPrefix}:${key}`}`))[0]?.points,
  };
}

describe("BatchedRateLimiter", () => {
  it("counts in memory up to the limit, then refuses with the time left, and writes the count in one row", async () => {
    const { one, row } = limiters();
    expect([1, 2, 3].map(() => one.consume("a").limited)).toEqual([false, false, false]);
    const refused = one.consume("a");
    expect(refused).toMatchObject({ limited: true });
    expect(refused.limited && refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(one.isLimited("a").limited).toBe(true);
    expect(one.isLimited("b").limited).toBe(false);
    expect(await row("a")).toBeUndefined(); // nothing written before the batch
    await one.flush();
    expect(await row("a")).toBe(3);
  });

  it("learns the other instances' counts at its write: the bound is shared", async () => {
    const { one, other, row } = limiters();
    for (let i = 0; i < 3; i++) one.consume("a");
    await one.flush();
    // The other instance has not heard of the key: it counts one, then learns the window is spent.
    expect(other.consume("a").limited).toBe(false);
    await other.flush();
    expect(await row("a")).toBe(4);
    expect(other.consume("a").limited).toBe(true);
  });

  it("gives a refunded event back in memory at once and in the row at the next write (there was no batched refund)", async () => {
    const { one, row } = limiters();
    for (let i = 0; i < 3; i++) one.consume("a");
    one.refund("a");
    expect(one.consume("a").limited).toBe(false); // the refunded place, taken again
    expect(one.consume("a").limited).toBe(true);
    await one.flush();
    expect(await row("a")).toBe(3);
    // A refund after the count was written reaches the shared row too.
    one.refund("a");
    await one.flush();
    expect(await row("a")).toBe(2);
    expect(one.consume("a").limited).toBe(false);
    // Nothing to give back for a key never counted; never below 0.
    one.refund("never");
    await one.flush();
    expect(await row("never")).toBeUndefined();
  });

  it("restarts a window the database's clock says has ended, whatever a process remembered", async () => {
    const { one, other, row } = limiters();
    for (let i = 0; i < 3; i++) one.consume("a");
    await one.flush();
    await getDb().execute(sql`update rate_limits set expire = now() - interval '1 second' where key like ${"%:a"} and points = 3`);
    expect(other.consume("a").limited).toBe(false);
    await other.flush();
    expect(await row("a")).toBe(1);
  });

  it("forgets a key here and in its row on reset", async () => {
    const { one, row } = limiters(1);
    one.consume("a");
    expect(one.consume("a").limited).toBe(true);
    await one.reset("a");
    expect(await row("a")).toBeUndefined();
    expect(one.consume("a").limited).toBe(false);
    await one.close();
  });
});
