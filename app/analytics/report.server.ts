import { eq } from "drizzle-orm";
import type { StaffRole } from "~/auth/roles";
import { getDb, schema } from "~/core/database/db.server";
import { GOALS, type Goal } from "./beacon";
import { flushAnalytics } from "./collect.server";
import { daysOf } from "~/core/text/utc-days";
import { NOTHING_MORE, seesSiteFigures, topRows, type AnalyticsReport, type Conversion } from "./report";
import { rangeFigures } from "./range-figures.server";
import { SOURCE_KINDS, type SourceKind } from "./sources";

const isGoal = (name: string): name is Goal => (GOALS as readonly string[]).includes(name);
const isKind = (kind: string): kind is SourceKind => (SOURCE_KINDS as readonly string[]).includes(kind);
const byVisitors = <T extends { visitors: number }>(a: T, b: T) => b.visitors - a.visitors;

/**
 * The visitor figures of a range of UTC days (both included). Visitors are distinct per day and added up
 * over the days (a visitor's hash changes with each day's salt). `onlyPaths`: an author's view, their
 * posts' pages only (no site-wide sources, campaigns or goals).
 */
async function analyticsReport(from: string, to: string, onlyPaths?: readonly string[], useRollups = true): Promise<AnalyticsReport> {
  await flushAnalytics();
  const {
    figures,
    daily: perDayFigures,
    crawls: aiCrawls,
    rolledUpDays,
    rollupBlocks,
  } = await rangeFigures(from, to, onlyPaths, useRollups);
  const keep = onlyPaths ? new Set(onlyPaths) : undefined;
  const of = (dimension: string) => figures.filter((f) => f.dimension === dimension);
  const aiReferrals = new Map(of("ai-page").map((f) => [f.key, Number(f.visitors)]));
  const pageVisitors = new Map(of("page").map((f) => [f.key, Number(f.visitors)]));
  const paths = new Set([...pageVisitors.keys(), ...aiCrawls.keys()].filter((p) => !keep || keep.has(p)));
  const pageRows = new Map(of("page").map((f) => [f.key, f]));
  const pages = [...paths]
    .map((path) => ({
      path,
      pageviews: Number(pageRows.get(path)?.views ?? 0),
      visitors: pageVisitors.get(path) ?? 0,
      aiCrawls: aiCrawls.get(path) ?? 0,
      aiReferrals: aiReferrals.get(path) ?? 0,
    }))
    .sort((a, b) => b.pageviews - a.pageviews || b.aiCrawls - a.aiCrawls || a.path.localeCompare(b.path));

  const days = daysOf(from, to).map((day) => {
    const f = perDayFigures.get(day);
    return { day, visitors: f?.visitors ?? 0, pageviews: f?.views ?? 0 };
  });
  const totals = days.reduce(
    (t, d) => ({
      visitors: t.visitors + d.visitors,
      pageviews: t.pageviews + d.pageviews,
    }),
    { visitors: 0, pageviews: 0 },
  );
  if (keep) {
    return {
      from,
      to,
      ...totals,
      pages,
      sources: [],
      campaigns: [],
      goals: [],
      daily: days,
      conversions: { pages: [], sources: [] },
      ownPostsOnly: true,
      rolledUpDays,
      rollupBlocks,
      more: NOTHING_MORE,
    };
  }

  const sources = of("source")
    .map((f) => {
      const [kind, ...name] = f.key.split("\t");
      return {
        name: name.join("\t"),
        kind: isKind(kind ?? "") ? (kind as SourceKind) : "other",
        visitors: Number(f.visitors),
      };
    })
    .sort((a, b) => byVisitors(a, b) || a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
  const campaigns = of("campaign")
    .map((f) => {
      const [source = "", medium = "", campaign = ""] = f.key.split("\t");
      return { source, medium, campaign, visitors: Number(f.visitors) };
    })
    .sort(
      (a, b) =>
        byVisitors(a, b) || a.campaign.localeCompare(b.campaign) || a.source.localeCompare(b.source) || a.medium.localeCompare(b.medium),
    );
  const goalCounts = new Map(of("goal").map((f) => [f.key, Number(f.views)]));
  const goals = GOALS.map((name) => ({
    name,
    count: goalCounts.get(name) ?? 0,
  }));
  const sourceVisitors = new Map(of("source").map((f) => [f.key, Number(f.visitors)]));
  const conversions = (dimension: string, base: Map<string, number>): Conversion[] =>
    of(dimension)
      .map((f) => {
        const [goal = "", ...on] = f.key.split("\t");
        const key = on.join("\t");
        const reached = Number(f.visitors);
        const seen = base.get(key) ?? 0;
        return {
          goal: goal as Goal,
          on: key.replace(/^[a-z]+\t/, ""),
          visitors: reached,
          rate: seen > 0 ? Math.round((reached / seen) * 1000) / 1000 : 0,
        };
      })
      .filter((c) => isGoal(c.goal))
      // Ties in a fixed order, whatever order the rows came in (raw rows or rollups).
      .sort((a, b) => byVisitors(a, b) || a.goal.localeCompare(b.goal) || a.on.localeCompare(b.on));
  return {
    from,
    to,
    ...totals,
    pages,
    sources,
    campaigns,
    goals,
    daily: days,
    conversions: {
      pages: conversions("goal-page", pageVisitors),
      sources: conversions("goal-source", sourceVisitors),
    },
    ownPostsOnly: false,
    rolledUpDays,
    rollupBlocks,
    more: NOTHING_MORE,
  };
}

/**
 * The report a member may see: editors and up every figure, authors their own posts' pages only (the one
 * rule for the API and the admin page's first HTML).
 */
export async function staffAnalyticsReport(
  staff: { id: number; role: StaffRole },
  { from, to, limit }: { from: string; to: string; limit?: number },
  useRollups = true,
): Promise<AnalyticsReport> {
  const onlyPaths = seesSiteFigures(staff.role) ? undefined : await ownPostPaths(staff.id);
  const report = await analyticsReport(from, to, onlyPaths, useRollups);
  return limit ? topRows(report, limit) : report;
}

/** The public paths of an author's posts (/blog/slug), for an author's own view. */
async function ownPostPaths(authorId: number): Promise<string[]> {
  const rows = await getDb().select({ slug: schema.blogPosts.slug }).from(schema.blogPosts).where(eq(schema.blogPosts.authorId, authorId));
  return rows.map((r) => `/blog/${r.slug}`);
}
