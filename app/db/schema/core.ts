import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { adminUsers } from "./auth";
import { createdAt } from "./columns";

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    adminUserId: integer("admin_user_id").references(() => adminUsers.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    summary: text("summary"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * How many times each kind of shared content ("blog", "tags", "venues") has been written, and when last:
 * bumped by a statement trigger on the content's tables (migration 0021), so every write counts, on any
 * instance or straight in SQL. Each instance's cached pages compare it (decision record 0023): one row
 * read instead of a count over every post.
 */
export const contentChanges = pgTable("content_changes", {
  name: text("name").primaryKey(),
  changes: integer("changes").notNull().default(0),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});
