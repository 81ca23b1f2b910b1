import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The one schema for both databases (PGlite and PostgreSQL). Change it, then run
 * `npm run db:generate` to add a migration to ./drizzle.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const adminUsers = pgTable(
  "admin_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admin_users_email_key").on(sql`lower(${t.email})`)],
);

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
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt)],
);

/** Shared by every instance: rows written by rate-limiter-flexible's RateLimiterDrizzle. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    author: text("author").notNull(),
    category: text("category").notNull(),
    content: text("content").notNull(),
    /** An external URL or a site path; uploaded images live in blog_images instead. */
    image: text("image"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '') || ' ' || coalesce(author, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_published_created_idx").on(t.published, t.createdAt),
    // fastupdate off: a blog is written rarely and searched often. With it on, new rows wait in
    // GIN's pending list, which every search scans until a vacuum, and PGlite never autovacuums
    // (10,000 new posts made each search ~3x slower).
    index("blog_posts_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
  ],
);

/** Uploaded images, kept in the database so that every instance can serve them. */
export const blogImages = pgTable("blog_images", {
  postId: integer("post_id")
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  data: bytea("data").notNull(),
  mimeType: text("mime_type").notNull(),
  originalName: text("original_name"),
  etag: text("etag").notNull(),
  width: integer("width"),
  height: integer("height"),
  createdAt: createdAt(),
});

/** Resized/re-encoded variants of blog images, made once on first request. */
export const blogImageVariants = pgTable(
  "blog_image_variants",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    etag: text("etag").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.width, t.format] })],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    inquiryType: text("inquiry_type").notNull().default("general_info"),
    budget: text("budget"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    isResolved: boolean("is_resolved").notNull().default(false),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_submissions_created_idx").on(t.createdAt)],
);

/** The admin's audit trail: who did what to which record, and when. */
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
