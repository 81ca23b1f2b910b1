import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "./columns";

/**
 * Staff members (the table keeps its first name, admin_users). A member without a password cannot sign
 * in: the authors of posts written before staff accounts existed are such records (their e-mail is null).
 */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: serial("id").primaryKey(),
    email: text("email"),
    passwordHash: text("password_hash"),
    name: text("name").notNull().default(""),
    slug: text("slug"),
    bio: text("bio"),
    /** owner | administrator | editor | author | contributor (app/auth/roles.ts). */
    role: text("role").notNull().default("contributor"),
    /** active | suspended: a suspended member's sessions are refused on the next request. */
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("admin_users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("admin_users_slug_key").on(t.slug),
    // At most one owner: transferring ownership demotes the old one in the same transaction.
    uniqueIndex("admin_users_single_owner")
      .on(t.role)
      .where(sql`role = 'owner'`),
  ],
);

/** A staff member's photo, re-encoded like a post's image (app/blog/media/image.server). */
export const staffAvatars = pgTable("staff_avatars", {
  staffId: integer("staff_id")
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: "cascade" }),
  data: bytea("data").notNull(),
  mimeType: text("mime_type").notNull(),
  etag: text("etag").notNull(),
  updatedAt: updatedAt(),
});

/** Server-side admin sessions. Only a SHA-256 of the cookie value is stored. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    /** The client address's network only ("192.0.2.x", an IPv6 /48): where, roughly, without a GeoIP service. */
    network: text("network"),
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt), index("admin_sessions_user_idx").on(t.adminUserId)],
);

/**
 * One-time links: invitations (7 days), password resets (1 hour), the first owner's setup (24 hours).
 * Only a SHA-256 of the token is kept; `usedAt` makes each work once.
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose").notNull(),
    email: text("email").notNull(),
    role: text("role"),
    staffId: integer("staff_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_tokens_hash_key").on(t.tokenHash), index("staff_tokens_expires_idx").on(t.expiresAt)],
);
