import { asc, eq, gt, sql } from "drizzle-orm";
import { storedImagePath } from "./image";
import type { BlogPostDto } from "./schema";
import { getDb, schema, rowsOf } from "~/core/database/db.server";
import { loadedByVersion } from "~/core/caches/loaded-by-version";
import { sharedVersion } from "~/core/caches/shared-version.server";
import { isPublic } from "./indexable";
import { searchFieldsOf } from "./search-fields";

/**
 * Reading posts: every page and API reads them through here (writes: post-writes.server.ts; the admin's
 * list: admin-listing.server.ts; addresses: slugs.server.ts).
 *
 * Reads are served from an in-process snapshot of all posts (without image bytes). Several
 * instances may share one PostgreSQL database, so a snapshot is only trusted while a cheap
 * version query (the blog's write count, and how many scheduled posts have gone live since the last
 * write) still matches: the last one changes when a scheduled post's publish date comes, so it appears
 * by itself on every instance with no write at that moment. The query runs at most once
 * per VERSION_CHECK_MS per instance (concurrent requests share it). So another instance's write
 * shows here within VERSION_CHECK_MS; this instance's own writes show at once.
 */

const VERSION_CHECK_MS = 250;

export type BlogPost = BlogPostDto & {
  /**
   * Visible to the public: published and its publish date come, by the database's clock when the snapshot
   * was read (the same clock as the version query's live count, so the two always agree).
   */
  live: boolean;
  hasStoredImage: boolean;
  imageVersion: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
};

type Snapshot = {
  version: string;
  /** Every post, newest first. */
  all: BlogPost[];
  /** What the public sees: published posts whose publish date has come (when the snapshot was made). */
  published: BlogPost[];
  bySlug: Map<string, BlogPost>;
};

async function readVersion(): Promise<string> {
  // The blog's write count (content_changes, bumped by a trigger on every write to blog_posts and
  // blog_images, decision record 0023), and how many posts have gone live by their date since that last
  // write: a scheduled post appears by itself, with no write at that moment. Both read one index range.
  const result = await rowsOf<{ n: number; l: number }>(
    getDb(),
    sql`select coalesce(max(c.changes), 0)::int as n,
          (select count(*) from blog_posts p where p.published and p.created_at <= now()
             and p.created_at > coalesce(max(c.changed_at), '-infinity'::timestamptz))::int as l
        from content_changes c where c.name = 'blog'`,
  );
  const row = result[0]!;
  return `${row.n}:${row.l}`;
}

/** A post row as loadSnapshot selects it: the post's columns and its stored image's. */
type PostRow = typeof schema.blogPosts.$inferSelect & {
  live: boolean;
  imageEtag: string | null;
  imageMimeType: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
};

function toPost(row: PostRow): BlogPost {
  const hasStoredImage = row.imageEtag !== null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    authorId: row.authorId,
    category: row.category,
    content: row.content,
    image: hasStoredImage ? storedImagePath(row.id, row.imageEtag) : row.image,
    imageAlt: row.imageAlt,
    imageMimeType: row.imageMimeType,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    tags: row.tags,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    canonicalUrl: row.canonicalUrl,
    socialImage: row.socialImage,
    socialTitle: row.socialTitle,
    noindex: row.noindex,
    live: row.live,
    hasStoredImage,
    imageVersion: row.imageEtag,
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
  };
}

const SNAPSHOT_PAGE_ROWS = 500;

async function loadSnapshot(version: string): Promise<Snapshot> {
  const p = schema.blogPosts;
  // Read in pages of the primary key, in one read-only transaction (one consistent view): one statement
  // sorting every post left PGlite's WebAssembly memory, which never shrinks, 13-14 MB larger (resident,
  // 10,000 posts). Sorted here instead: newest first, as the pages list them.
  const rows = await getDb().transaction(
    async (tx) => {
      const read: PostRow[] = [];
      for (let after = 0; ;) {
        const page = await tx
          .select({
            id: p.id,
            slug: p.slug,
            title: p.title,
            excerpt: p.excerpt,
            author: p.author,
            authorId: p.authorId,
            category: p.category,
            content: p.content,
            image: p.image,
            imageAlt: p.imageAlt,
            tags: p.tags,
            metaTitle: p.metaTitle,
            metaDescription: p.metaDescription,
            canonicalUrl: p.canonicalUrl,
            socialImage: p.socialImage,
            socialTitle: p.socialTitle,
            noindex: p.noindex,
            published: p.published,
            createdAt: p.createdAt,
            updatedAt: p.updatedAt,
            version: p.version,
            updatedBy: p.updatedBy,
            live: sql<boolean>`(${p.published} and ${p.createdAt} <= now())`,
            imageEtag: schema.blogImages.etag,
            imageMimeType: schema.blogImages.mimeType,
            imageWidth: schema.blogImages.width,
            imageHeight: schema.blogImages.height,
          })
          .from(p)
          .leftJoin(schema.blogImages, eq(schema.blogImages.postId, p.id))
          .where(gt(p.id, after))
          .orderBy(asc(p.id))
          .limit(SNAPSHOT_PAGE_ROWS);
        read.push(...page);
        if (page.length < SNAPSHOT_PAGE_ROWS) return read;
        after = page.at(-1)!.id;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const all = rows.map(toPost);
  const published = all.filter(isPublic);
  return {
    version,
    all,
    published,
    bySlug: new Map(all.map((post) => [post.slug, post])),
  };
}

const postsVersion = sharedVersion(readVersion, VERSION_CHECK_MS);
/**
 * Snapshots by version: a load begun before this instance's write was for the version before it, so it
 * never answers a read made after the write (whose version check, begun after the commit, names a newer one).
 */
const snapshots = loadedByVersion(loadSnapshot);

async function currentSnapshot(): Promise<Snapshot> {
  return snapshots.get(await postsVersion.current());
}

/** After a write, once it committed: this instance's own writes are visible at once. */
export function invalidate() {
  postsVersion.changed();
}

/** The public fields only: what GET /api/blog answers. */
export function toDto(post: BlogPost): BlogPostDto {
  return {
    id: post.id,
    title: post.title,
    excerpt: post.excerpt,
    author: post.author,
    authorId: post.authorId,
    category: post.category,
    content: post.content,
    image: post.image,
    imageAlt: post.imageAlt,
    imageMimeType: post.imageMimeType,
    published: post.published,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    version: post.version,
    tags: post.tags,
    slug: post.slug,
    ...searchFieldsOf(post),
  };
}

export async function listPosts(options: { includeDrafts: boolean }): Promise<BlogPost[]> {
  const snap = await currentSnapshot();
  return options.includeDrafts ? snap.all : snap.published;
}

/** GET /api/blog's body: its version, and how to make it (serialised only when not already kept). */
export async function listPostsJson(options: { includeDrafts: boolean }): Promise<{ version: string; make: () => string }> {
  const snap = await currentSnapshot();
  const posts = options.includeDrafts ? snap.all : snap.published;
  return {
    version: snap.version,
    make: () => JSON.stringify(posts.map(toDto)),
  };
}

/** The public posts and the version they were read at, together (the site search's index follows both). */
export async function publishedWithVersion(): Promise<{
  version: string;
  published: BlogPost[];
}> {
  const snap = await currentSnapshot();
  return { version: snap.version, published: snap.published };
}

export async function blogVersion(): Promise<string> {
  return (await currentSnapshot()).version;
}

/** The blog's version without waiting, when it was checked lately and its posts are loaded; else undefined. */
export function blogVersionNow(): string | undefined {
  const version = postsVersion.fresh();
  return version !== undefined && snapshots.peek(version) ? version : undefined;
}

export async function findPublishedPost(slug: string): Promise<BlogPost | null> {
  const post = (await currentSnapshot()).bySlug.get(slug);
  return post?.live ? post : null;
}

/** Any post at this address, drafts and scheduled ones included (the admin's preview). */
export async function findPostBySlug(slug: string): Promise<BlogPost | null> {
  return (await currentSnapshot()).bySlug.get(slug) ?? null;
}

export async function findPost(id: number): Promise<BlogPost | null> {
  return (await currentSnapshot()).all.find((post) => post.id === id) ?? null;
}

/** A few other published posts: same category first, then shared tags, then the newest. */
export async function relatedPosts(post: BlogPost, count = 3): Promise<BlogPost[]> {
  const tags = new Set(post.tags.map((t) => t.toLowerCase()));
  return (await currentSnapshot()).published
    .filter((other) => other.id !== post.id)
    .map((other, index) => ({
      other,
      score: (other.category === post.category ? 2 : 0) + other.tags.filter((t) => tags.has(t.toLowerCase())).length - index / 1e6,
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map(({ other }) => other);
}

/** The post as the database holds it now (the snapshot is dropped first). */
export async function findPostFresh(id: number): Promise<BlogPost | null> {
  invalidate();
  return findPost(id);
}

/** Who may see a post's image: anyone (published), only the admin (a draft), or no one (no such post). */
export async function imageVisibility(id: number, isAdmin: () => Promise<boolean>): Promise<"public" | "admin" | null> {
  const post = await findPost(id);
  if (!post) return null;
  if (post.live) return "public";
  return (await isAdmin()) ? "admin" : null;
}
