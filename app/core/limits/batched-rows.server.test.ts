import { withTemporaryDatabase } from "../database/test-database.server";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertRows, rowsTable } from "./batched-rows.server";
import { getDb, rowsOf, schema } from "../database/db.server";

/** A batch as one JSON parameter, against a real (embedded) PostgreSQL: every column type the writers use. */
withTemporaryDatabase("batched-rows");

describe("batched rows", () => {
  it("inserts rows by their Drizzle names, typed from the table, defaults for columns no row sets", async () => {
    const at = new Date("2026-11-27T10:00:00.123Z");
    await getDb().execute(
      insertRows(schema.crawlerVisits, [
        { crawler: "Googlebot", verified: true, path: "/batch-a", status: 200, hits: 3, visitedAt: at },
        { crawler: "GPTBot", verified: false, path: "/batch-b'\"\\", status: 301, hits: 1, visitedAt: at },
      ]),
    );
    await getDb().execute(insertRows(schema.webVitals, [{ metric: "CLS", value: 0.125, page: "/batch-a" }]));
    const visits = await getDb().select().from(schema.crawlerVisits).orderBy(schema.crawlerVisits.path);
    expect(visits.map(({ id: _id, ...v }) => v)).toEqual([
      { crawler: "Googlebot", verified: true, path: "/batch-a", status: 200, hits: 3, visitedAt: at },
      { crawler: "GPTBot", verified: false, path: "/batch-b'\"\\", status: 301, hits: 1, visitedAt: at },
    ]);
    const [vital] = await getDb().select().from(schema.webVitals);
    expect(vital).toMatchObject({ metric: "CLS", value: 0.125, page: "/batch-a" });
    expect(vital!.recordedAt).toBeInstanceOf(Date); // the column's default
    await getDb().execute(insertRows(schema.webVitals, [])); // an empty batch is no statement's error
  });

  it("takes a tail (on conflict, returning) and reads a batch as a table for updates", async () => {
    const t = schema.analyticsDaily;
    const rows = [{ day: "2026-11-27", dimension: "page", key: "/x", views: 2, visitors: 1 }];
    const upsert = sql`on conflict (day, dimension, key) do update set views = analytics_daily.views + excluded.views returning views`;
    expect(await rowsOf<{ views: number }>(getDb(), insertRows(t, rows, upsert))).toEqual([{ views: 2 }]);
    expect(await rowsOf<{ views: number }>(getDb(), insertRows(t, rows, upsert))).toEqual([{ views: 4 }]);
    await getDb().execute(
      sql`update ${t} set visitors = ${t.visitors} + r.more from ${rowsTable([{ key: "/x", more: 5 }], { key: "text", more: "integer" })} where ${t.key} = r.key`,
    );
    expect((await getDb().select({ visitors: t.visitors }).from(t))[0]).toEqual({ visitors: 6 });
  });
});
