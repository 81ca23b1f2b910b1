import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { adminUsers } from "./auth";

/**
 * Integrations: a name and its Ghost Content API key (app/integrations). Only the key's SHA-256 is kept
 * (decision record 0034), so a dump of this table answers no request; the key is shown once.
 * `last_used_at` is written at most once a minute per key and instance.
 */
export const integrations = pgTable("integrations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  /** The key's last 4 characters, so the admin can tell keys apart. */
  keyHint: text("key_hint").notNull(),
  createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
});
