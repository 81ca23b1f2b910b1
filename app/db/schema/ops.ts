import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Every backup taken (scheduled, from the command line or the admin): when, how big, and whether it worked. */
export const opsBackups = pgTable(
  "ops_backups",
  {
    id: serial("id").primaryKey(),
    trigger: text("trigger").notNull(), // "schedule" | "command" | "admin"
    status: text("status").notNull(), // "running" | "succeeded" | "failed"
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // While running: which process writes it, and until when (database clock) its lease holds. A running
    // backup whose lease ran out, or on PGlite any other process's, was interrupted (decision record 0029).
    owner: text("owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (t) => [index("ops_backups_started_idx").on(t.startedAt)],
);

/** The System section's history: one sample of the site's vital signs every few minutes, kept a week. */
export const systemSamples = pgTable(
  "system_samples",
  {
    id: serial("id").primaryKey(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
    values: jsonb("values").$type<Record<string, number>>().notNull(),
  },
  (t) => [index("system_samples_taken_idx").on(t.takenAt)],
);

/** Conditions the owner was e-mailed about: one message per condition until it clears. */
export const opsAlerts = pgTable("ops_alerts", {
  condition: text("condition").primaryKey(),
  detail: text("detail").notNull(),
  raisedAt: timestamp("raised_at", { withTimezone: true }).notNull().defaultNow(),
  notifiedCount: integer("notified_count").notNull().default(1),
});
