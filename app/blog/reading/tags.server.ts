import { getDb, schema } from "~/core/database/db.server";
import { contentChangeCount } from "~/core/caches/content-changes.server";
import { loadedByVersion } from "~/core/caches/loaded-by-version";
import { sharedVersion } from "~/core/caches/shared-version.server";
import { listPosts, blogVersion, type BlogPost } from "../post/posts.server";
import { commonestSpelling, tagSlug, uniqueTags, type TagRef } from "../post/tags";

/**
 * The read side of tags: which tags the live posts use, with their names and descriptions, kept per
 * version of the posts and of blog_tags (so an edit on any instance shows within the version checks).
 */
export type Tag = TagRef & { description: string; posts: BlogPost[] };

type TagIndex = { version: string; bySlug: Map<string, Tag>; names: Map<string, string> };

const tagsVersion = sharedVersion(() => contentChangeCount("tags"));

/** The tags' own content version (names, descriptions), for pages that show them (app/content-versions.server.ts). */
export function blogTagsVersion(): Promise<string> {
  return tagsVersion.current();
}
export const blogTagsVersionNow = () => tagsVersion.fresh();

/** After this instance changed blog_tags. */
export function tagsChanged(): void {
  tagsVersion.changed();
}

const indexes = loadedByVersion(buildIndex);

async function currentIndex(): Promise<TagIndex> {
  return indexes.get(`${await blogVersion()}|${await tagsVersion.current()}`);
}

async function buildIndex(version: string): Promise<TagIndex> {
  const [rows, posts] = await Promise.all([getDb().select().from(schema.blogTags), listPosts({ includeDrafts: false })]);
  const names = new Map(rows.map((row) => [row.slug, row.name]));
  const spellings = new Map<string, Map<string, number>>();
  const bySlug = new Map<string, Tag>();
  for (const post of posts) {
    for (const raw of post.tags) {
      const slug = tagSlug(raw);
      if (!slug) continue;
      const counts = spellings.get(slug) ?? new Map<string, number>();
      counts.set(raw.trim(), (counts.get(raw.trim()) ?? 0) + 1);
      spellings.set(slug, counts);
    }
    for (const tag of uniqueTags(post.tags)) {
      const entry = bySlug.get(tag.slug) ?? { slug: tag.slug, name: "", description: "", posts: [] };
      entry.posts.push(post);
      bySlug.set(tag.slug, entry);
    }
  }
  for (const [slug, tag] of bySlug) tag.name = names.get(slug) ?? commonestSpelling(spellings.get(slug)!);
  for (const row of rows) {
    const tag = bySlug.get(row.slug);
    if (tag) tag.description = row.description;
    names.set(row.slug, row.name);
  }
  for (const [slug, tag] of bySlug) names.set(slug, tag.name);
  return { version, bySlug, names };
}

/** A tag that live posts use (its posts newest first), or null: a tag no live post carries has no page. */
export async function findTag(slug: string): Promise<Tag | null> {
  return (await currentIndex()).bySlug.get(slug) ?? null;
}

/** Every tag live posts use, most used first (the sitemap, feeds). */
export async function listTags(): Promise<Tag[]> {
  return [...(await currentIndex()).bySlug.values()].sort((a, b) => b.posts.length - a.posts.length || a.slug.localeCompare(b.slug));
}

/** A post's tags, once each, by their display names: for cards, the post page and feeds. */
export async function tagNamer(): Promise<(tags: readonly string[]) => TagRef[]> {
  const { names } = await currentIndex();
  return (tags) => uniqueTags(tags, (slug) => names.get(slug));
}
