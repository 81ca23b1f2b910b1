import { eq, inArray, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { queueCachePurge } from "~/core/caches/cache-purge.server";
import { BLOG_TAG, tagPageTag } from "~/core/caches/cache-tags";
import { getDb, schema } from "~/core/database/db.server";
import { commonestSpelling, tagSlug, type AdminTag, type TagCreate, type TagMerge, type TagUpdate } from "../post/tags";

export type { AdminTag };
import { tagsChanged } from "../reading/tags.server";
import { redirectMovedPage, redirectsChanged } from "~/redirects/redirects.server";

/** A tag's page (its numbered pages and feed are under it). */
const tagPath = (slug: string) => `/blog/tag/${slug}`;

/**
 * The admin's tags (editor and up): every tag any post uses (drafts included) or that has a record,
 * and the three changes: describe, rename (the slug follows the name; posts are rewritten) and merge.
 * A change to posts' tags moves their updated_at, so every instance's blog snapshot and cached page
 * sees it through the blog's version check.
 */

export class TagNotFound extends Error {
  constructor() {
    super("Tag not found");
  }
}
export class TagTaken extends Error {
  constructor() {
    super("A tag with this name already exists: merge the two instead");
  }
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

export async function listTagsForAdmin(): Promise<AdminTag[]> {
  const db = getDb();
  const [rows, posts] = await Promise.all([
    db.select().from(schema.blogTags),
    db.select({ tags: schema.blogPosts.tags }).from(schema.blogPosts),
  ]);
  const bySlug = new Map<string, { spellings: Map<string, number>; posts: number }>();
  for (const post of posts) {
    const seen = new Set<string>();
    for (const raw of post.tags) {
      const slug = tagSlug(raw);
      if (!slug) continue;
      const entry = bySlug.get(slug) ?? { spellings: new Map<string, number>(), posts: 0 };
      entry.spellings.set(raw.trim(), (entry.spellings.get(raw.trim()) ?? 0) + 1);
      if (!seen.has(slug)) entry.posts++;
      seen.add(slug);
      bySlug.set(slug, entry);
    }
  }
  const records = new Map(rows.map((row) => [row.slug, row]));
  const slugs = new Set([...bySlug.keys(), ...records.keys()]);
  return [...slugs]
    .map((slug) => ({
      slug,
      name: records.get(slug)?.name ?? commonestSpelling(bySlug.get(slug)!.spellings),
      description: records.get(slug)?.description ?? "",
      posts: bySlug.get(slug)?.posts ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

async function findAdminTag(slug: string): Promise<AdminTag | null> {
  return (await listTagsForAdmin()).find((tag) => tag.slug === slug) ?? null;
}

/** A record for a tag (new, or one posts already use but with no description yet). */
export async function createTag(admin: AuditActor, input: TagCreate): Promise<AdminTag> {
  const slug = tagSlug(input.name);
  const [row] = await getDb()
    .insert(schema.blogTags)
    .values({ slug, name: input.name, description: input.description })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new TagTaken();
  await queueCachePurge(getDb(), [tagPageTag(slug)], `tag ${slug} described`);
  tagsChanged();
  await recordAudit(admin, "tag.create", { targetType: "tag", targetId: slug, summary: input.name });
  return (await findAdminTag(slug))!;
}

/** Rewrites every post carrying one of `fromSlugs` so that it carries `name` once instead. */
async function retagPosts(tx: Tx, fromSlugs: ReadonlySet<string>, name: string): Promise<number> {
  const posts = await tx.select({ id: schema.blogPosts.id, tags: schema.blogPosts.tags }).from(schema.blogPosts);
  const targetSlug = tagSlug(name);
  let changed = 0;
  for (const post of posts) {
    if (!post.tags.some((tag) => fromSlugs.has(tagSlug(tag)))) continue;
    const next: string[] = [];
    for (const tag of post.tags) {
      const slug = tagSlug(tag);
      const replaced = fromSlugs.has(slug) || slug === targetSlug ? name : tag;
      if (!next.some((kept) => tagSlug(kept) === tagSlug(replaced))) next.push(replaced);
    }
    await tx
      .update(schema.blogPosts)
      .set({ tags: next, updatedAt: sql`now()`, version: sql`${schema.blogPosts.version} + 1` })
      .where(eq(schema.blogPosts.id, post.id));
    changed++;
  }
  return changed;
}

export async function updateTag(admin: AuditActor, slug: string, input: TagUpdate): Promise<AdminTag> {
  const current = await findAdminTag(slug);
  if (!current) throw new TagNotFound();
  const name = input.name ?? current.name;
  const newSlug = tagSlug(name);
  if (newSlug !== slug && (await findAdminTag(newSlug))) throw new TagTaken();
  const description = input.description ?? current.description;
  const retagged = await getDb().transaction(async (tx) => {
    const count = name !== current.name ? await retagPosts(tx, new Set([slug]), name) : 0;
    // Its pages, and every post page showing its name (they carry its tag).
    await queueCachePurge(tx, [tagPageTag(slug), tagPageTag(newSlug), BLOG_TAG], `tag ${slug} changed`);
    if (newSlug !== slug) {
      await tx.delete(schema.blogTags).where(eq(schema.blogTags.slug, slug));
      // The tag's old address (and its pages and feed) answers 301 to the new one (app/redirects).
      await redirectMovedPage(tx, tagPath(slug), tagPath(newSlug));
    }
    await tx
      .insert(schema.blogTags)
      .values({ slug: newSlug, name, description })
      .onConflictDoUpdate({ target: schema.blogTags.slug, set: { name, description, updatedAt: sql`now()` } });
    return count;
  });
  tagsChanged();
  if (newSlug !== slug) redirectsChanged();
  await recordAudit(admin, name !== current.name ? "tag.rename" : "tag.describe", {
    targetType: "tag",
    targetId: newSlug,
    summary: name !== current.name ? `${current.name} -> ${name}` : name,
    details: { posts: retagged },
  });
  return (await findAdminTag(newSlug))!;
}

export async function mergeTags(admin: AuditActor, input: TagMerge): Promise<{ tag: AdminTag; posts: number }> {
  const into = await findAdminTag(input.into);
  if (!into) throw new TagNotFound();
  const from = new Set(input.from.filter((slug) => slug !== into.slug));
  const known = new Set((await listTagsForAdmin()).map((tag) => tag.slug));
  if (from.size === 0 || [...from].some((slug) => !known.has(slug))) throw new TagNotFound();
  const posts = await getDb().transaction(async (tx) => {
    const count = await retagPosts(tx, from, into.name);
    await queueCachePurge(tx, [...[...from].map(tagPageTag), tagPageTag(into.slug), BLOG_TAG], `tags merged into ${into.slug}`);
    await tx.delete(schema.blogTags).where(inArray(schema.blogTags.slug, [...from]));
    for (const slug of from) await redirectMovedPage(tx, tagPath(slug), tagPath(into.slug));
    await tx
      .insert(schema.blogTags)
      .values({ slug: into.slug, name: into.name, description: into.description })
      .onConflictDoUpdate({ target: schema.blogTags.slug, set: { updatedAt: sql`now()` } });
    return count;
  });
  tagsChanged();
  redirectsChanged();
  await recordAudit(admin, "tag.merge", {
    targetType: "tag",
    targetId: into.slug,
    summary: `${[...from].join(", ")} -> ${into.name}`,
    details: { posts },
  });
  return { tag: (await findAdminTag(into.slug))!, posts };
}
