import { bigserial, boolean, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Requests by a recognised crawler (kept 90 days). `verified`: its address is in the operator's
 * published ranges. Identical requests (crawler, verified, path, status) within one write interval
 * (about a second) share a row, counted in `hits`, so a crawl storm costs few writes.
 */
export const crawlerVisits = pgTable(
  "crawler_visits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    crawler: text("crawler").notNull(),
    verified: boolean("verified").notNull(),
    path: text("path").notNull(),
    status: smallint("status").notNull(),
    hits: integer("hits").notNull().default(1),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("crawler_visits_visited_idx").on(t.visitedAt), index("crawler_visits_crawler_idx").on(t.crawler, t.visitedAt)],
);

/** One Core Web Vitals measurement from a real visitor's browser (kept 90 days; rated over 28). */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    metric: text("metric").notNull(),
    value: doublePrecision("value").notNull(),
    page: text("page").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("web_vitals_recorded_idx").on(t.recordedAt, t.metric)],
);

/** Values the site generates once and keeps (the IndexNow key). */
export const discoverabilitySettings = pgTable("discoverability_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** Every call made to a search engine's submission endpoint, with what it answered. */
export const searchEngineSubmissions = pgTable(
  "search_engine_submissions",
  {
    id: serial("id").primaryKey(),
    engine: text("engine").notNull(),
    endpoint: text("endpoint").notNull(),
    urlCount: integer("url_count").notNull(),
    success: boolean("success").notNull(),
    httpStatus: integer("http_status"),
    error: text("error"),
    trigger: text("trigger").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("search_engine_submissions_created_idx").on(t.createdAt)],
);
