import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { adminUsers } from "./auth";

/**
 * Universal Links and Android App Links (app/install): one row per platform that is set ("apple": team id,
 * bundle id and paths; "android": package name and certificate fingerprints), as validated by
 * app/install/app-links.ts. Read on every request of its .well-known file, so a change shows at once on
 * every instance sharing the database. No personal data.
 */
export const appLinks = pgTable("app_links", {
  platform: text("platform").primaryKey(),
  settings: jsonb("settings").notNull(),
  updatedBy: integer("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
