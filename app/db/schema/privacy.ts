import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Secrets the site generates once and keeps, shared by every instance (the e-mail hash key, the proof-of-work key). */
export const privacySettings = pgTable("privacy_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** One run of the retention job: when, and how many records each rule erased (shown on the dashboard). */
export const retentionRuns = pgTable("retention_runs", {
  id: serial("id").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  erased: jsonb("erased").$type<Record<string, number>>().notNull(),
  total: integer("total").notNull(),
});
