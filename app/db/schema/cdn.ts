import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Cache purges (app/cdn, decision record 0081): one row per change that touched shared answers, with the
 * cache tags it purges. A change queues its row in its own transaction (queued); the purge job of that
 * second takes every queued row (sending, job_id), purges their tags at each configured target, and marks
 * them purged, or failed when the job gave up. Kept 30 days for the System section. No personal data.
 */
export const cdnPurges = pgTable(
  "cdn_purges",
  {
    id: serial("id").primaryKey(),
    tags: jsonb("tags").$type<string[]>().notNull(),
    /** What changed, for the admin: "post 12 updated", "redirect /old". */
    reason: text("reason").notNull(),
    status: text("status").notNull().default("queued"), // "queued" | "sending" | "purged" | "failed"
    jobId: integer("job_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    purgedAt: timestamp("purged_at", { withTimezone: true }),
  },
  (t) => [
    index("cdn_purges_status_idx").on(t.status, t.id),
    index("cdn_purges_job_idx").on(t.jobId),
    index("cdn_purges_queued_at_idx").on(t.queuedAt),
  ],
);
