import { and, between, eq, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { blockId, coverRange, type Block, type Tuple } from "./blocks";
import { daysOf } from "~/core/text/utc-days";
import { AI_CRAWL, AI_CRAWLERS, crawlsIn, dailyIn, SITE_MARKER } from "./rollups.server";

/** A report's figures over a range of days: rolled-up blocks where the days are summed, raw rows for the rest. */

type Figure = {
  dimension: string;
  key: string;
  views: number;
  visitors: number;
};

/** Verified AI crawler fetches per path over the given days, from the raw crawler log. */
async function rawCrawls(days: readonly string[]): Promise<Map<string, number>> {
  const where = crawlsIn(days);
  if (!where || AI_CRAWLERS.length === 0) return new Map();
  const c = schema.crawlerVisits;
  const rows = await getDb()
    .select({ path: c.path, hits: sql<number>`sum(${c.hits})::int` })
    .from(c)
    .where(and(eq(c.verified, true), inArray(c.crawler, AI_CRAWLERS), where))
    .groupBy(c.path);
  return new Map(rows.map((r) => [r.path, Number(r.hits)]));
}

export type RangeFigures = {
  /** Summed over the range, per dimension and key (the "site" dimension left out). */
  figures: Figure[];
  /** Per day: the "site" row (or, for `dailyPaths`, the sum of those pages' rows). */
  daily: Map<string, { views: number; visitors: number }>;
  crawls: Map<string, number>;
  rolledUpDays: number;
  /** How many rollup blocks they were read from (fewer than the days once blocks of several days are built). */
  rollupBlocks: number;
};

/** The blocks of the range that are rolled up, per kind: the daily counts ("site" marks them) and the AI crawls. */
async function rolledUpBlocks(from: string, to: string): Promise<{ daily: Set<string>; crawls: Set<string> }> {
  const r = schema.analyticsRollups;
  const rows = await getDb()
    .select({ day: r.day, span: r.span, dimension: r.dimension })
    .from(r)
    .where(and(between(r.day, from, to), inArray(r.dimension, [SITE_MARKER, AI_CRAWL])));
  const daily = new Set<string>();
  const crawls = new Set<string>();
  for (const row of rows) (row.dimension === SITE_MARKER ? daily : crawls).add(blockId(row.day, row.span));
  return { daily, crawls };
}

const inBlocks = (blocks: readonly Block[]): SQL | undefined => {
  const r = schema.analyticsRollups;
  return blocks.length ? or(...blocks.map((b) => and(eq(r.day, b.day), eq(r.span, b.span)))) : undefined;
};

/**
 * The range's figures: the fewest rolled-up blocks that cover it (docs/decisions/0043-analytics-rollup-blocks.md),
 * and the raw rows for the days no block covers (today, and any day not rolled up yet). `useRollups: false`
 * reads the raw rows only (the reference the rollups are checked against).
 */
export async function rangeFigures(
  from: string,
  to: string,
  dailyPaths: readonly string[] | undefined,
  useRollups = true,
): Promise<RangeFigures> {
  const db = getDb();
  const none = { daily: new Set<string>(), crawls: new Set<string>() };
  const have = useRollups ? await rolledUpBlocks(from, to) : none;
  const dailyCover = coverRange(from, to, (day, span) => have.daily.has(blockId(day, span)));
  const crawlCover = coverRange(from, to, (day, span) => have.crawls.has(blockId(day, span)));
  const rolledDays = new Set(daysOf(from, to).filter((day) => have.daily.has(blockId(day, 1))));
  const rawDays = dailyCover.rawDays;

  const d = schema.analyticsDaily;
  const r = schema.analyticsRollups;
  const rawWhere = dailyIn(rawDays);
  const dailyDimension = dailyPaths ? "page" : "site";
  const blocksWhere = inBlocks(dailyCover.blocks);
  const crawlBlocksWhere = inBlocks(crawlCover.blocks);
  const [rawFigures, rawDaily, crawls, blockRows, dayRows, crawlRows] = await Promise.all([
    rawWhere
      ? db
          .select({
            dimension: d.dimension,
            key: d.key,
            views: sql<number>`sum(${d.views})::int`,
            visitors: sql<number>`sum(${d.visitors})::int`,
          })
          .from(d)
          .where(and(rawWhere, sql`${d.dimension} <> 'site'`))
          .groupBy(d.dimension, d.key)
      : [],
    rawWhere
      ? db
          .select({ day: d.day, views: d.views, visitors: d.visitors })
          .from(d)
          .where(and(rawWhere, eq(d.dimension, dailyDimension), dailyPaths ? inArray(d.key, [...dailyPaths, ""]) : undefined))
      : [],
    rawCrawls(crawlCover.rawDays),
    // The blocks' sums, but for the "site" marker (the per-day series below reads each day's).
    blocksWhere
      ? db
          .select({ dimension: r.dimension, figures: r.figures })
          .from(r)
          .where(and(blocksWhere, notInArray(r.dimension, [SITE_MARKER, AI_CRAWL])))
      : [],
    // The chart's series: each rolled-up day's own row (one small row a day; an author's view, the page rows).
    rolledDays.size
      ? db
          .select({ day: r.day, figures: r.figures })
          .from(r)
          .where(and(between(r.day, from, to), eq(r.span, 1), eq(r.dimension, dailyDimension)))
      : [],
    crawlBlocksWhere
      ? db
          .select({ figures: r.figures })
          .from(r)
          .where(and(crawlBlocksWhere, eq(r.dimension, AI_CRAWL)))
      : [],
  ]);

  const sums = new Map<string, Map<string, Figure>>();
  const add = (dimension: string, key: string, views: number, visitors: number) => {
    let byKey = sums.get(dimension);
    if (!byKey) sums.set(dimension, (byKey = new Map()));
    const f = byKey.get(key);
    if (f) {
      f.views += views;
      f.visitors += visitors;
    } else byKey.set(key, { dimension, key, views, visitors });
  };
  for (const f of rawFigures) add(f.dimension, f.key, Number(f.views), Number(f.visitors));
  for (const row of blockRows)
    for (const [key, views, visitors] of JSON.parse(row.figures) as Tuple[]) add(row.dimension, key, views, visitors);
  for (const row of crawlRows)
    for (const [path, hits] of JSON.parse(row.figures) as Tuple[]) crawls.set(path, (crawls.get(path) ?? 0) + hits);

  const daily = new Map<string, { views: number; visitors: number }>();
  const addDay = (day: string, views: number, visitors: number) => {
    const t = daily.get(day) ?? { views: 0, visitors: 0 };
    t.views += views;
    t.visitors += visitors;
    daily.set(day, t);
  };
  for (const row of rawDaily) addDay(row.day, row.views, row.visitors);
  const wanted = dailyPaths ? new Set([...dailyPaths, ""]) : undefined;
  for (const row of dayRows) {
    if (!rolledDays.has(row.day)) continue;
    for (const [key, views, visitors] of JSON.parse(row.figures) as Tuple[])
      if (!wanted || wanted.has(key)) addDay(row.day, views, visitors);
  }
  return {
    figures: [...sums.values()].flatMap((byKey) => [...byKey.values()]),
    daily,
    crawls,
    rolledUpDays: rolledDays.size,
    rollupBlocks: dailyCover.blocks.length,
  };
}
