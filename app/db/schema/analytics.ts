import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Visitor analytics (app/analytics): counts only, no address, user agent or cookie.
 *
 * `analytics_daily`: one row per UTC day and figure: `dimension` is what is counted ("site", "page",
 * "source", "campaign", "goal", "ai-page", "goal-page", "goal-source") and `key` which one (a path, a
 * source as "kind\tname", a campaign as "source\tmedium\tcampaign", a goal name). `views` counts page views
 * (or a goal's events), `visitors` the distinct visitors of that day. Kept 25 months (retention job).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] }), index("analytics_daily_dimension_idx").on(t.dimension, t.day)],
);

/**
 * Today's visitors, as salted hashes (sha256 of the day's salt, address, user agent and site), one row per
 * figure they were counted in, so a visitor counts once a day across every instance. Erased with the day's
 * salt by the next day's retention run: then no hash can be recomputed or joined to another day.
 */
export const analyticsVisitorDays = pgTable(
  "analytics_visitor_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
    key: text("key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor, t.key] })],
);

/** The random salt of each UTC day (made by the first instance that needs it; erased the next day). */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Rollups of days that are over (app/analytics/rollups.server.ts): one row per block of days and dimension of
 * analytics_daily, plus "ai-crawl" (verified AI crawler fetches per path, from crawler_visits), its figures as
 * JSON `[[key, views, visitors], …]`. A block is `span` days (1, 2, 4, … 512) from `day`, aligned on its
 * span (docs/decisions/0043-analytics-rollup-blocks.md), so any range is a handful of blocks. Counts only,
 * no personal data; erased with the rows they sum (retention job).
 */
export const analyticsRollups = pgTable(
  "analytics_rollups",
  {
    day: date("day", { mode: "string" }).notNull(),
    span: integer("span").notNull().default(1),
    dimension: text("dimension").notNull(),
    figures: text("figures").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.span, t.dimension] })],
);

/**
 * The day's visits, step by step (docs/decisions/0065-funnels-and-visit-steps.md): one row per counted page
 * view or goal event (identical ones within a batch folded, `views` of them, `at` the first), written in the
 * same transaction as the day's counts. `visitor`: 52 bits of a hash of the day's salted visitor hash (so it
 * joins the rows of one visitor's day only; with the salt erased it cannot be recomputed from an address and
 * a user agent, and a visitor on two days has two unrelated numbers). `at`: microseconds since 1970 (the
 * order of a visitor's steps). `source` (a name, "Google", "Direct") is set only on the page view that came
 * from outside the site (and on a goal that said its source); `campaign` is utm_campaign; `screen` the class;
 * `city` what a goal said. A goal's row also keeps its visitor's landing page (`landing`: their first page view
 * that day before it; its `landing_source`, `landing_campaign`), looked up when it is written, so "What it
 * brought" reads the goals' rows alone. Kept 25 months (the retention job), as the counts.
 */
export const analyticsVisitSteps = pgTable(
  "analytics_visit_steps",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: bigint("visitor", { mode: "number" }).notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
    path: text("path").notNull(),
    goal: text("goal"),
    source: text("source"),
    campaign: text("campaign"),
    screen: text("screen"),
    city: text("city"),
    views: integer("views").notNull().default(1),
    landing: text("landing"),
    landingSource: text("landing_source"),
    landingCampaign: text("landing_campaign"),
  },
  (t) => [
    index("analytics_visit_steps_visitor_idx").on(t.day, t.visitor, t.at),
    index("analytics_visit_steps_goal_idx")
      .on(t.day, t.goal)
      .where(sql`goal is not null`),
  ],
);

/** Funnels (app/analytics/funnels.ts): a name and 2 to 8 ordered steps, `[{page: "/blog/*"} | {goal: "signup"}]`. */
export const analyticsFunnels = pgTable("analytics_funnels", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  steps: jsonb("steps").notNull(),
  createdAt: createdAt(),
});

/**
 * A funnel's figures of a day that is over (they never change): the visitors who reached each step that day,
 * for no filter (`filters` '') or for one set of filters (their JSON). Counts only, no personal data; made by
 * the funnels job and by the first read of a range, gone with the funnel, and with the steps they count.
 */
export const analyticsFunnelDays = pgTable(
  "analytics_funnel_days",
  {
    funnelId: integer("funnel_id")
      .notNull()
      .references(() => analyticsFunnels.id, { onDelete: "cascade" }),
    filters: text("filters").notNull().default(""),
    day: date("day", { mode: "string" }).notNull(),
    reached: integer("reached").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.funnelId, t.filters, t.day] })],
);

/**
 * "What it brought" of a day that is over (app/analytics/brought.server.ts): its rows as JSON
 * `[[goal, source, campaign, landing, city, count, visitors], …]` (`[]` for none). Counts only; kept with the
 * steps they sum (25 months).
 */
export const analyticsBroughtDays = pgTable("analytics_brought_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rows: jsonb("rows").notNull(),
});
