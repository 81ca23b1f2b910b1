import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Redirect rules (app/redirects, decision record 0037): an address of the site (exact, or a prefix
 * ending in `*`) answered with a redirect (301, 302, 307, 308) to a path or an absolute URL, or with 410.
 * Every instance keeps the rules in memory per version of 'redirects' (a trigger counts every rule made,
 * changed or removed; a hit counted changes nothing). `automatic`: made by a renamed tag or author.
 * No personal data: a hit is a count and a time, never who.
 */
export const redirects = pgTable("redirects", {
  id: serial("id").primaryKey(),
  fromPath: text("from_path").notNull().unique(),
  toTarget: text("to_target").notNull(),
  status: integer("status").notNull(),
  automatic: boolean("automatic").notNull().default(false),
  hits: integer("hits").notNull().default(0),
  lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
  createdAt: createdAt(),
});
