import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
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
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_published_created_idx").on(t.published, t.createdAt),
    index("blog_posts_author_idx").on(t.authorId),
  ],
);

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
 * thinned oldest first: app/blog/revisions.ts). Written in the save's own transaction.
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
    createdAt: createdAt(),
  },
  (t) => [index("blog_post_revisions_post_idx").on(t.postId, t.createdAt)],
);

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
