import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Errors seen by the site (app/errors, decision record 0073): browser and server errors grouped into issues
 * by fingerprint (type, message without its volatile parts, top frame). An issue keeps counts and one mapped
 * sample stack; its events (one row per occurrence, at most EVENTS_KEPT_PER_ISSUE each) keep the page path
 * (no query string), the browser's family and the request id, and are erased after 30 days (docs/privacy.md).
 * No address, no cookie, no query string value, no form contents.
 */
export const errorIssues = pgTable("error_issues", {
  id: serial("id").primaryKey(),
  fingerprint: text("fingerprint").notNull().unique(),
  kind: text("kind").notNull(), // "browser" | "server"
  type: text("type").notNull(),
  message: text("message").notNull(),
  count: integer("count").notNull().default(0),
  firstSeen: timestamp("first_seen", { withTimezone: true }).notNull().defaultNow(),
  lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  /** The build's commit that first showed it, and the newest one that showed it. */
  firstRelease: text("first_release").notNull(),
  release: text("release").notNull(),
  /** Up to 20 paths and 10 browser families, each counted. */
  pages: jsonb("pages").$type<Record<string, number>>().notNull().default({}),
  browsers: jsonb("browsers").$type<Record<string, number>>().notNull().default({}),
  sampleStack: text("sample_stack").notNull().default(""),
  resolved: boolean("resolved").notNull().default(false),
  resolvedRelease: text("resolved_release"),
  resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  /** When the owners were last e-mailed about it (at most once an hour). */
  alertedAt: timestamp("alerted_at", { withTimezone: true }),
});

export const errorEvents = pgTable(
  "error_events",
  {
    id: serial("id").primaryKey(),
    issueId: integer("issue_id")
      .notNull()
      .references(() => errorIssues.id, { onDelete: "cascade" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    page: text("page"),
    browser: text("browser"),
    release: text("release").notNull(),
    requestId: text("request_id"),
  },
  (t) => [index("error_events_issue_idx").on(t.issueId, t.occurredAt), index("error_events_occurred_idx").on(t.occurredAt)],
);
