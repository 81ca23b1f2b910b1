import { and, eq, ne, or } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { addTuples, blocksToBuild, type Tuple } from "./blocks";

/**
 * Builds every rollup block of one kind whose two halves are rolled up (docs/decisions/0043-analytics-rollup-blocks.md):
 * `marker` "site" for the daily counts (every dimension but "ai-crawl"), "ai-crawl" for the AI crawler fetches.
 * Each block in its own transaction, from its halves' rows; concurrent instances insert with on conflict do
 * nothing (both would write the same sums). Returns how many blocks were built.
 */
export async function buildBlocks(marker: string): Promise<number> {
  const db = getDb();
  const r = schema.analyticsRollups;
  const existing = await db.select({ day: r.day, span: r.span }).from(r).where(eq(r.dimension, marker));
  const build = blocksToBuild(existing);
  const ofKind = marker === "ai-crawl" ? eq(r.dimension, marker) : ne(r.dimension, "ai-crawl");
  for (const block of build) {
    await db.transaction(async (tx) => {
      const halves = await tx
        .select({ dimension: r.dimension, figures: r.figures })
        .from(r)
        .where(and(ofKind, or(...block.halves.map((h) => and(eq(r.day, h.day), eq(r.span, h.span))))));
      const byDimension = new Map<string, Tuple[][]>();
      for (const row of halves)
        byDimension.set(row.dimension, [...(byDimension.get(row.dimension) ?? []), JSON.parse(row.figures) as Tuple[]]);
      // Both halves must still be there (the retention job may have erased one since they were listed).
      if ((byDimension.get(marker)?.length ?? 0) < 2) return;
      const values = [...byDimension].map(([dimension, lists]) => ({
        day: block.day,
        span: block.span,
        dimension,
        figures: JSON.stringify(addTuples(lists)),
      }));
      await tx.insert(r).values(values).onConflictDoNothing();
    });
  }
  return build.length;
}
