import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { adminUsers } from "./auth";
import { bytea, createdAt, updatedAt } from "./columns";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** The byline as shown ("By {author}"); kept with the post for the search index. */
    author: text("author").notNull(),
    /** The staff member the post belongs to (app/auth): what authors and contributors may edit. */
    authorId: integer("author_id").references(() => adminUsers.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    content: text("content").notNull(),
    /** An external URL or a site path; uploaded images live in blog_images instead. */
    image: text("image"),
    /** Describes the image for people who cannot see it: the post page, cards, the feed and social tags. */
    imageAlt: text("image_alt"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // What search engines and social cards show, when the editor overrides the defaults (title, excerpt, image).
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    /** The original address of a cross-posted article; the post page names it as canonical. */
    canonicalUrl: text("canonical_url"),
    socialImage: text("social_image"),
    socialTitle: text("social_title"),
    /** Hidden from search engines: robots noindex, and left out of sitemaps, llms.txt and feeds. */
    noindex: boolean("noindex").notNull().default(false),
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * 1 when created, +1 on every saved change (edit, publish toggle, restore, a draft's autosave): an
     * editor sends the version it opened and a save over a newer one is refused (decision record 0042).
     */
    version: integer("version").notNull().default(1),
    /** Who saved the last change (named in the refusal of a stale save); cleared when that member is removed. */
    updatedBy: integer("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_published_created_idx").on(t.published, t.createdAt),
    index("blog_posts_author_idx").on(t.authorId),
  ],
);

/**
 * A post's body rendered to HTML, kept as Ghost keeps `html` (decision record 0048): listing posts (the
 * Content API's limit=all) reads it instead of rendering. Keyed by a hash of the Markdown and the
 * renderer's version, so a changed body or renderer is rendered again; a table of its own so the posts'
 * snapshot, which holds every row in memory, does not hold the HTML too.
 */
export const blogPostHtml = pgTable("blog_post_html", {
  postId: integer("post_id")
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  sourceHash: text("source_hash").notNull(),
  html: text("html").notNull(),
});

/**
 * Addresses a post had before its slug was edited; /blog/{old} answers 301 to the current one. A slug
 * here is free to be taken again by any post (its row is then dropped).
 */
export const blogSlugHistory = pgTable("blog_slug_history", {
  slug: text("slug").primaryKey(),
  postId: integer("post_id")
    .notNull()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

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

/**
 * The Idempotency-Key of each recent POST /api/blog, per admin: a retry of the same create (a lost
 * answer, a double click) answers the post the first one made instead of making a second. Kept a day.
 */
export const blogCreateRequests = pgTable(
  "blog_create_requests",
  {
    adminUserId: integer("admin_user_id").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request's parsed body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    postId: integer("post_id").references(() => blogPosts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.adminUserId, t.key] }), index("blog_create_requests_created_idx").on(t.createdAt)],
);

/**
 * Each save of a post's text, kept so an edit can be compared and undone (at most MAX_REVISIONS per post,
 * thinned oldest first: app/blog/writing/revisions.ts). Written in the save's own transaction.
 */
export const blogPostRevisions = pgTable(
  "blog_post_revisions",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    /** The other fields the editor saves (author, category, tags, image alt, search fields): RevisionFields. */
    fields: jsonb("fields").notNull(),
    /** Who saved it: the admin's id and e-mail as they were then. */
    adminUserId: integer("admin_user_id"),
    actorEmail: text("actor_email").notNull(),
    /** Set when this revision is a restore of an earlier one. */
    restoredFromId: integer("restored_from_id"),
    /**
     * Set on a revision kept by a draft's autosave: when its run of autosaves began. The same member's next
     * autosave within 10 minutes of that replaces this revision instead of adding one (decision record 0042).
     */
    autosaveStartedAt: timestamp("autosave_started_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("blog_post_revisions_post_idx").on(t.postId, t.createdAt)],
);

/**
 * A live post's unsaved text, as its editor autosaved it: one row per post, replaced by each autosave,
 * never shown to the public, cleared by the post's next full save (decision record 0042). Goes with the
 * post, and with the member who saved it (the text was never saved, and their name must not outlive them).
 */
export const blogPostPending = pgTable("blog_post_pending", {
  postId: integer("post_id")
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  excerpt: text("excerpt").notNull(),
  content: text("content").notNull(),
  savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  savedBy: integer("saved_by")
    .notNull()
    .references(() => adminUsers.id, { onDelete: "cascade" }),
  /** The post's version the text was written over. */
  baseVersion: integer("base_version").notNull(),
});

/**
 * Images uploaded for use in posts' text, named by their content's hash (the same bytes uploaded twice
 * are one image). Served at /api/media/{hash}; a post uses one by linking that address in its Markdown.
 */
export const blogMedia = pgTable("blog_media", {
  hash: text("hash").primaryKey(),
  data: bytea("data").notNull(),
  mimeType: text("mime_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  originalName: text("original_name"),
  uploadedBy: integer("uploaded_by"),
  createdAt: createdAt(),
});

/** Resized variants of blog_media, made once on first request. */
export const blogMediaVariants = pgTable(
  "blog_media_variants",
  {
    hash: text("hash")
      .notNull()
      .references(() => blogMedia.hash, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width, t.format] })],
);
