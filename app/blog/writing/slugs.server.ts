import { and, eq, like, ne, or, sql } from "drizzle-orm";
import { blogMessages, slugify } from "../post/schema";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { faultRequested } from "~/core/instance/faults.server";

/**
 * A post's address: made unique from its title, refused when another post holds it, and kept in the
 * slug history when it changes, so old links answer 301 to the new one.
 */

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

/** A slug from the title, with -2, -3... when it is taken. */
export async function uniqueSlug(title: string): Promise<string> {
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

export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** An edited slug another post already has. */
export class SlugTaken extends Error {
  constructor() {
    super(blogMessages.slugTaken);
  }
}

/** Refuses a slug another post holds now (an old address of another post may be taken over). */
export async function assertSlugFree(db: DbExecutor, slug: string, exceptId: number | null) {
  const p = schema.blogPosts;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(exceptId === null ? eq(p.slug, slug) : and(eq(p.slug, slug), ne(p.id, exceptId)))
    .limit(1);
  if (row) throw new SlugTaken();
}

/**
 * A post now at `slug`: an old address with that name stops redirecting elsewhere. In the save's
 * transaction, before the post's row takes the slug (whose unique index settles a race).
 */
export async function claimSlug(db: DbExecutor, slug: string) {
  // Tests make a clash happen here, as a post taking the slug meanwhile would.
  if (faultRequested("blog.slug")) throw Object.assign(new Error("injected slug clash"), { code: "23505" });
  await db.delete(schema.blogSlugHistory).where(eq(schema.blogSlugHistory.slug, slug));
}

/** A post moved from `oldSlug`: its old address answers 301 to wherever the post now is. */
export async function keepOldSlug(db: DbExecutor, oldSlug: string, postId: number) {
  await db
    .insert(schema.blogSlugHistory)
    .values({ slug: oldSlug, postId })
    .onConflictDoUpdate({ target: schema.blogSlugHistory.slug, set: { postId, createdAt: sql`now()` } });
}
