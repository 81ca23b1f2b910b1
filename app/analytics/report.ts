import { hasRole, type StaffRole } from "~/auth/roles";
import { addDays, daysBetween, utcDay } from "~/core/text/utc-days";
import { z } from "~/core/text/zod";

/** The Analytics section counts days as the server does (app/core/text/utc-days.ts). */
export { addDays } from "~/core/text/utc-days";
import type { Goal } from "./beacon";
import type { SourceKind } from "./sources";

/** What GET /api/admin/analytics answers (issue 32's contract), shared by the server and the Analytics section. */
type AnalyticsPage = { path: string; pageviews: number; visitors: number; aiCrawls: number; aiReferrals: number };
type AnalyticsSource = { name: string; kind: SourceKind; visitors: number };
type AnalyticsCampaign = { source: string; medium: string; campaign: string; visitors: number };
type AnalyticsGoal = { name: Goal; count: number };
/** A goal reached on a page or from a source, and its rate: the goal's visitors over that page's (source's). */
export type Conversion = { goal: Goal; on: string; visitors: number; rate: number };
export type AnalyticsReport = {
  from: string;
  to: string;
  visitors: number;
  pageviews: number;
  pages: AnalyticsPage[];
  sources: AnalyticsSource[];
  campaigns: AnalyticsCampaign[];
  goals: AnalyticsGoal[];
  /** Per day of the range (every day, zeros included), for the chart. */
  daily: Array<{ day: string; visitors: number; pageviews: number }>;
  conversions: { pages: Conversion[]; sources: Conversion[] };
  /** Only the signed-in author's posts are counted (an author's view). */
  ownPostsOnly: boolean;
  /** How many days of the range were read from their daily rollups (the rest from the raw rows). */
  rolledUpDays: number;
  /** How many rollup blocks those days were read from (docs/decisions/0043-analytics-rollup-blocks.md). */
  rollupBlocks: number;
  /** Rows left out of each list by `?limit=` (all 0 without it): the lists keep their top rows. */
  more: Record<ListName, number>;
};
type ListName = "pages" | "sources" | "campaigns" | "conversionPages" | "conversionSources";
export const NOTHING_MORE: Record<ListName, number> = { pages: 0, sources: 0, campaigns: 0, conversionPages: 0, conversionSources: 0 };

/**
 * Who sees the site-wide figures (every page, sources, campaigns, goals, funnels, "What it brought"): editors
 * and up; an author sees their own posts' pages only. The API's guards and the section's loader both ask here.
 */
export const SITE_FIGURES_ROLE: StaffRole = "editor";
export const seesSiteFigures = (role: StaffRole): boolean => hasRole(role, SITE_FIGURES_ROLE);

/** The rows the Analytics section shows of each list (its CSV exports ask for every row). */
export const TAB_ROWS = 100;

/**
 * A report's lists cut to their first `limit` rows (they come sorted, top first), saying how many rows each
 * left out; the totals, goals and the chart stay whole. Thousands of pages and conversions were most of a
 * 90-day answer's bytes and time, and more rows than a table can show.
 */
export function topRows(report: AnalyticsReport, limit: number): AnalyticsReport {
  const cut = <T>(rows: T[]) => rows.slice(0, limit);
  const left = (rows: unknown[]) => Math.max(0, rows.length - limit);
  const { pages, sources, campaigns, conversions } = report;
  return {
    ...report,
    pages: cut(pages),
    sources: cut(sources),
    campaigns: cut(campaigns),
    conversions: { pages: cut(conversions.pages), sources: cut(conversions.sources) },
    more: {
      pages: left(pages),
      sources: left(sources),
      campaigns: left(campaigns),
      conversionPages: left(conversions.pages),
      conversionSources: left(conversions.sources),
    },
  };
}

const MAX_RANGE_DAYS = 800;
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "not a real date");

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included; without them the last 7 days to today (UTC). &limit=N:
 * each list's top N rows only (the Analytics section's view).
 */
export const analyticsQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional(), limit: z.coerce.number().int().min(1).max(100_000).optional() })
  .transform((q, ctx) => {
    const to = q.to ?? utcDay(new Date());
    const from = q.from ?? addDays(to, -6);
    if (from > to) ctx.addIssue({ code: "custom", message: "from must not be after to", path: ["from"] });
    else if (daysBetween(from, to) > MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", message: `a range is at most ${MAX_RANGE_DAYS} days`, path: ["from"] });
    return { from, to, limit: q.limit };
  });
