import { and, desc, eq, like, ne, or, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/audit.server";
import { storedImagePath } from "./image";
import { removePostImage, storePostImage } from "./image.server";
import { blogMessages, postState, slugify, type AdminPostQuery, type BlogPostDto, type BlogPostInput } from "./schema";
import { pageOf, type PageOf } from "~/core/paging";
import { getDb, schema, type Database } from "~/core/db.server";
import { sharedVersion } from "~/core/shared-version.server";

/**
 * The blog's one service: every page and API reads and writes posts through here.
 *
 * Reads are served from an in-process snapshot of all posts (without image bytes). Several
 * instances may share one PostgreSQL database, so a snapshot is only trusted while a cheap
 * version query (count, max(id), max(updated_at), and how many posts are live now) still matches:
 * the last one changes when a scheduled post's publish date comes, so it appears by itself on
 * every instance with no write at that moment. The query runs at most once
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
  hasStoredImage: boolean; imageVersion: string | null; imageWidth: number | null; imageHeight: number | null };

type Snapshot = {
  version: string;
  /** Every post, newest first. */
  all: BlogPost[];
  /** What the public sees: published posts whose publish date has come (when the snapshot was made). */
  published: BlogPost[];
  bySlug: Map<string, BlogPost>;
};

let snapshot: Snapshot | undefined;
let pendingLoad: Promise<Snapshot> | undefined;

async function readVersion(): Promise<string> {
  const result = await getDb().execute<{ n: number; m: number; u: string | null; l: number }>(
    sql`select count(*)::int as n, coalesce(max(id), 0)::int as m, max(updated_at)::text as u,
          (count(*) filter (where published and created_at <= now()))::int as l from blog_posts`,
  );
  const row = (result as unknown as { rows: Array<{ n: number; m: number; u: string | null; l: number }> }).rows[0]!;
  return `${row.n}:${row.m}:${row.u ?? ""}:${row.l}`;
}

/** A post row as loadSnapshot selects it: the post's columns (not its search vector) and its stored image's. */
type PostRow = Omit<typeof schema.blogPosts.$inferSelect, "searchVector"> & {
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
    tags: row.tags,
    live: row.live,
    hasStoredImage,
    imageVersion: row.imageEtag,
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
  };
}

async function loadSnapshot(version: string): Promise<Snapshot> {
  const p = schema.blogPosts;
  const rows = await getDb()
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
      published: p.published,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      live: sql<boolean>`(${p.published} and ${p.createdAt} <= now())`,
      imageEtag: schema.blogImages.etag,
      imageMimeType: schema.blogImages.mimeType,
      imageWidth: schema.blogImages.width,
      imageHeight: schema.blogImages.height,
    })
    .from(p)
    .leftJoin(schema.blogImages, eq(schema.blogImages.postId, p.id))
    .orderBy(desc(p.createdAt), desc(p.id));
  const all = rows.map(toPost);
  const published = all.filter((post) => post.live);
  return { version, all, published, bySlug: new Map(all.map((post) => [post.slug, post])) };
}

const postsVersion = sharedVersion(readVersion, VERSION_CHECK_MS);

async function currentSnapshot(): Promise<Snapshot> {
  const version = await postsVersion.current();
  if (snapshot?.version === version) return snapshot;
  pendingLoad ??= loadSnapshot(version)
    .then((fresh) => (snapshot = fresh))
    .finally(() => (pendingLoad = undefined));
  return pendingLoad;
}

/** This instance's own writes are visible at once. */
function invalidate() {
  snapshot = undefined;
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
    tags: post.tags,
    slug: post.slug,
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
  return { version: snap.version, make: () => JSON.stringify(posts.map(toDto)) };
}

/**
 * The admin's list: every post, searched (title, excerpt, author, category, tags, slug), filtered by
 * state, sorted, one page of it, with the count per state for the filter tabs.
 */
export async function listPostsForAdmin(query: AdminPostQuery, onlyAuthorId?: number): Promise<PageOf<BlogPostDto> & { counts: Record<AdminPostQuery["status"], number> }> {
  const now = Date.now();
  const q = query.q.toLowerCase();
  const matching = (await currentSnapshot()).all.filter(
    (post) => (onlyAuthorId === undefined || post.authorId === onlyAuthorId) && (!q || [post.title, post.excerpt, post.author, post.category, post.slug, ...post.tags].some((field) => field.toLowerCase().includes(q))),
  );
  const counts = { all: matching.length, published: 0, scheduled: 0, draft: 0 };
  for (const post of matching) counts[postState(post, now)]++;
  const shown = query.status === "all" ? [...matching] : matching.filter((post) => postState(post, now) === query.status);
  if (query.sort === "oldest") shown.reverse();
  else if (query.sort === "updated") shown.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  else if (query.sort === "title") shown.sort((a, b) => a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || a.id - b.id);
  const page = pageOf(shown, query.page);
  return { ...page, items: page.items.map(toDto), counts };
}

export async function blogVersion(): Promise<string> {
  return (await currentSnapshot()).version;
}

export async function findPublishedPost(slug: string): Promise<BlogPost | null> {
  const post = (await currentSnapshot()).bySlug.get(slug);
  return post?.live ? post : null;
}

/** Any post at this address, drafts and scheduled ones included (the admin's preview). */
export async function findPostBySlug(slug: string): Promise<BlogPost | null> {
  return (await currentSnapshot()).bySlug.get(slug) ?? null;
}

/** The current address of a post that used to live at `slug`, if any (for a 301). */
export async function renamedSlug(slug: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ slug: schema.blogPosts.slug })
    .from(schema.blogSlugHistory)
    .innerJoin(schema.blogPosts, eq(schema.blogPosts.id, schema.blogSlugHistory.postId))
    .where(eq(schema.blogSlugHistory.slug, slug))
    .limit(1);
  return row?.slug ?? null;
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

/** A slug from the title, with -2, -3... when it is taken. */
async function uniqueSlug(title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (
      await getDb()
        .select({ slug: schema.blogPosts.slug })
        .from(schema.blogPosts)
        .where(or(eq(schema.blogPosts.slug, base), like(schema.blogPosts.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

export class PostNotFound extends Error {}

/** An edited slug another post already has. */
export class SlugTaken extends Error {
  constructor() {
    super(blogMessages.slugTaken);
  }
}

/** Refuses a slug another post holds now (an old address of another post may be taken over). */
async function assertSlugFree(slug: string, exceptId: number | null) {
  const p = schema.blogPosts;
  const [row] = await getDb()
    .select({ id: p.id })
    .from(p)
    .where(exceptId === null ? eq(p.slug, slug) : and(eq(p.slug, slug), ne(p.id, exceptId)))
    .limit(1);
  if (row) throw new SlugTaken();
}

/** A post now at `slug`: an old address with that name stops redirecting elsewhere. */
async function claimSlug(db: Pick<Database, "delete">, slug: string) {
  await db.delete(schema.blogSlugHistory).where(eq(schema.blogSlugHistory.slug, slug));
}

async function applyImage(postId: number, input: BlogPostInput, existing: BlogPost | null): Promise<string | null> {
  if (input.imageData && input.imageMimeType) {
    await storePostImage(postId, input.imageData, input.imageOriginalName);
    return null;
  }
  // The post's own image address sent back unchanged (the editor echoes `image`) keeps the upload.
  if (existing?.hasStoredImage && input.image?.startsWith(`/api/blog/${postId}/image`)) return null;
  if (existing?.hasStoredImage) await removePostImage(postId);
  return input.image;
}

/** `input.authorId` is the staff member the post belongs to: the route decides who may set it. */
export async function createPost(admin: Admin, input: BlogPostInput & { authorId: number }): Promise<BlogPost> {
  const db = getDb();
  for (let attempt = 0; ; attempt++) {
    try {
      let slug: string;
      if (input.slug) {
        await assertSlugFree(input.slug, null);
        slug = input.slug;
      } else slug = await uniqueSlug(input.title);
      // The address and any old redirect from it change together, or not at all.
      const id = await db.transaction(async (tx) => {
        await claimSlug(tx, slug);
        const [row] = await tx
          .insert(schema.blogPosts)
          .values({
            slug,
            title: input.title,
            excerpt: input.excerpt,
            author: input.author,
            authorId: input.authorId,
            category: input.category,
            content: input.content,
            image: input.imageData ? null : input.image,
            imageAlt: input.imageAlt,
            tags: input.tags,
            published: input.published,
            ...(input.createdAt ? { createdAt: input.createdAt } : {}),
          })
          .returning({ id: schema.blogPosts.id });
        return row!.id;
      });
      if (input.imageData) {
        try {
          await storePostImage(id, input.imageData, input.imageOriginalName);
        } catch (error) {
          await db.delete(schema.blogPosts).where(eq(schema.blogPosts.id, id));
          throw error;
        }
      }
      invalidate();
      await recordAudit(admin, "blog.create", { targetType: "blog_post", targetId: id, summary: `Created "${input.title}"`, details: { slug, published: input.published } });
      return (await findPost(id))!;
    } catch (error) {
      // Two posts with the same title at the same moment: take the next free slug.
      if (isUniqueViolation(error) && input.slug) throw new SlugTaken();
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A full edit. The slug changes only when the editor sends a different one; the old address is kept in
 * the slug history so shared links answer 301 to the new one.
 */
export async function updatePost(admin: Admin, id: number, input: BlogPostInput): Promise<BlogPost> {
  const existing = await findPostFresh(id);
  if (!existing) throw new PostNotFound();
  const newSlug = input.slug && input.slug !== existing.slug ? input.slug : null;
  if (newSlug) await assertSlugFree(newSlug, id);
  const image = await applyImage(id, input, existing);
  try {
    // The post's new address and its old one's redirect change together, or not at all (a slug
    // taken meanwhile leaves the redirects as they were).
    await getDb().transaction(async (tx) => {
      if (newSlug) {
        await claimSlug(tx, newSlug);
        await tx
          .insert(schema.blogSlugHistory)
          .values({ slug: existing.slug, postId: id })
          .onConflictDoUpdate({ target: schema.blogSlugHistory.slug, set: { postId: id, createdAt: sql`now()` } });
      }
      await updateRow(tx, id, input, image, newSlug);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTaken();
    throw error;
  }
  invalidate();
  await recordAudit(admin, "blog.update", {
    targetType: "blog_post",
    targetId: id,
    summary: `Updated "${input.title}"`,
    details: { published: input.published, ...(newSlug ? { slug: newSlug, previousSlug: existing.slug } : {}) },
  });
  return (await findPost(id))!;
}

async function updateRow(db: Pick<Database, "update">, id: number, input: BlogPostInput, image: string | null, newSlug: string | null) {
  await db
    .update(schema.blogPosts)
    .set({
      ...(newSlug ? { slug: newSlug } : {}),
      imageAlt: input.imageAlt,
      title: input.title,
      excerpt: input.excerpt,
      author: input.author,
      // Kept unless the route passes one (only editors and up may give a post to someone else).
      ...(input.authorId ? { authorId: input.authorId } : {}),
      category: input.category,
      content: input.content,
      image,
      tags: input.tags,
      published: input.published,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      // Always the real time of the change (not the client's value): other instances' caches key on it.
      updatedAt: sql`now()`,
    })
    .where(eq(schema.blogPosts.id, id));
}

export async function setPublished(admin: Admin, id: number, published: boolean): Promise<BlogPost> {
  const [row] = await getDb()
    .update(schema.blogPosts)
    .set({ published, updatedAt: sql`now()` })
    .where(eq(schema.blogPosts.id, id))
    .returning({ title: schema.blogPosts.title });
  if (!row) throw new PostNotFound();
  invalidate();
  await recordAudit(admin, published ? "blog.publish" : "blog.unpublish", {
    targetType: "blog_post",
    targetId: id,
    summary: `${published ? "Published" : "Unpublished"} "${row.title}"`,
  });
  return (await findPost(id))!;
}

export async function deletePost(admin: Admin, id: number): Promise<void> {
  const [row] = await getDb().delete(schema.blogPosts).where(eq(schema.blogPosts.id, id)).returning({ title: schema.blogPosts.title, slug: schema.blogPosts.slug });
  if (!row) throw new PostNotFound();
  invalidate();
  await recordAudit(admin, "blog.delete", { targetType: "blog_post", targetId: id, summary: `Deleted "${row.title}"`, details: { slug: row.slug } });
}

async function findPostFresh(id: number): Promise<BlogPost | null> {
  invalidate();
  return findPost(id);
}

/** Whether a stored image may be shown to this visitor (drafts' images stay private). */
/** Who may see a post's image: anyone (published), only the admin (a draft), or no one (no such post). */
export async function imageAudience(id: number, isAdmin: () => Promise<boolean>): Promise<"public" | "admin" | null> {
  const post = await findPost(id);
  if (!post) return null;
  if (post.live) return "public";
  return (await isAdmin()) ? "admin" : null;
}
