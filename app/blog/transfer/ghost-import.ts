import { z } from "zod";
import { isBlogCategory } from "../post/category";
import {
  ghostPostTooLarge,
  ImportMalformed,
  MAX_GHOST_BODY_CHARS,
  MAX_IMPORT_POSTS,
  type ArchiveContent,
  type ArchivedPost,
} from "./content-archive";
import { GhostBodyRefused, ghostBodyToMarkdown, ghostUrl } from "./ghost-body";
import { MAX_TAGS } from "../post/schema";
import { tagSlug } from "../post/tags";
import { withoutImages } from "~/core/markdown/markdown-text";

const MAX_TITLE = 200;
const MAX_AUTHOR = 100;
const MAX_TAG = 40;

/**
 * A Ghost JSON export (Ghost 4 and 5: Settings -> Labs -> Export) read into the same shape as our own
 * archive's content, so one import path writes both. The shape, as Ghost's importer reads it:
 *   {db: [{meta: {exported_on, version}, data: {posts, tags, users, posts_tags, posts_authors, posts_meta?}}]}
 * (also accepted without the outer {db: [...]}). Posts and pages both become posts here (this blog has no
 * separate pages); status, published_at and created_at are kept; the primary author (lowest sort_order)
 * is the byline; a tag whose slug is one of our categories sets the category (else "updates"); internal
 * tags ("#...") are left out; feature images stay URLs.
 */

const id = z.union([z.string(), z.number()]).transform(String);
const optional = z.string().nullable().optional();

const ghostPostSchema = z.object({
  id,
  title: z.string().nullable().optional(),
  slug: z.string(),
  html: optional,
  lexical: optional,
  mobiledoc: optional,
  plaintext: optional,
  feature_image: optional,
  feature_image_alt: optional,
  type: z.string().optional().default("post"),
  status: z.string().optional().default("draft"),
  custom_excerpt: optional,
  meta_title: optional,
  meta_description: optional,
  og_image: optional,
  og_title: optional,
  canonical_url: optional,
  published_at: optional,
  created_at: optional,
  updated_at: optional,
  author_id: id.optional(),
});
type GhostPost = z.infer<typeof ghostPostSchema>;

const ghostDataSchema = z.object({
  posts: z.array(ghostPostSchema).max(MAX_IMPORT_POSTS).default([]),
  tags: z.array(z.object({ id, name: z.string(), slug: z.string().optional(), description: optional, visibility: optional })).default([]),
  users: z.array(z.object({ id, name: z.string(), slug: z.string().optional(), email: optional, bio: optional })).default([]),
  posts_tags: z.array(z.object({ post_id: id, tag_id: id, sort_order: z.number().optional() })).default([]),
  posts_authors: z.array(z.object({ post_id: id, author_id: id, sort_order: z.number().optional() })).default([]),
  posts_meta: z
    .array(
      z.object({
        post_id: id,
        meta_title: optional,
        meta_description: optional,
        og_image: optional,
        og_title: optional,
        feature_image_alt: optional,
      }),
    )
    .default([]),
});

const ghostExportSchema = z.object({
  meta: z.object({ version: z.string(), exported_on: z.union([z.number(), z.string()]).optional() }),
  data: ghostDataSchema,
});

/** The {meta, data} part of a parsed JSON file when it has Ghost's shape, else null. */
export function ghostExportOf(json: unknown): unknown {
  const body = json as { db?: unknown; meta?: unknown; data?: unknown } | null;
  if (!body || typeof body !== "object") return null;
  if (Array.isArray(body.db) && body.db.length > 0) {
    const first = body.db[0] as { meta?: { version?: unknown }; data?: unknown } | null;
    if (first && typeof first === "object" && first.meta && typeof first.meta.version === "string" && first.data) return first;
    return null;
  }
  const meta = body.meta as { version?: unknown } | undefined;
  if (
    meta &&
    typeof meta === "object" &&
    typeof meta.version === "string" &&
    body.data &&
    typeof body.data === "object" &&
    "posts" in (body.data as object)
  )
    return body;
  return null;
}

/** Ghost's major version from meta.version ("5.75.2" -> 5). */
function ghostMajorVersion(version: string): number {
  return Number.parseInt(version, 10);
}

function excerptOf(post: GhostPost, content: string): string {
  const custom = post.custom_excerpt?.trim();
  if (custom) return custom.slice(0, 1000);
  const plain = (post.plaintext ?? withoutImages(content, "").replace(/[#>*_`[\]()-]/g, " ")).replace(/\s+/g, " ").trim();
  if (!plain) return post.title?.trim() || post.slug;
  if (plain.length <= 300) return plain;
  const cut = plain.slice(0, 300);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 200)).trim()}…`;
}

/** The post's body as Markdown; a body document that cannot be read is the file's fault (400), never a 500. */
function bodyOf(post: GhostPost): string {
  const field = post.html?.trim() ? "html" : post.lexical ? "lexical" : "mobiledoc";
  const length = post[field]?.length ?? 0;
  if (length > MAX_GHOST_BODY_CHARS) throw ghostPostTooLarge(post.slug, field, length);
  try {
    return ghostBodyToMarkdown(post);
  } catch (error) {
    if (error instanceof GhostBodyRefused) throw new ImportMalformed(`The Ghost post "${post.slug}" ${error.message}`);
    throw new ImportMalformed(`The Ghost post "${post.slug}" has a body that cannot be read (its ${field} field)`);
  }
}

/** Text cut to this site's limit for the field (Ghost allows longer titles, meta titles and tags). */
function clip(value: string | null | undefined, max: number): string | null {
  const text = value?.trim();
  return text ? text.slice(0, max).trim() : null;
}

/** Only an absolute http(s) address is a canonical URL here; anything else is left out rather than refusing the post. */
function canonicalOf(value: string | null | undefined): string | null {
  const url = ghostUrl(value);
  return url && /^https?:\/\/\S+$/.test(url) ? url : null;
}

function dateOf(...values: Array<string | null | undefined>): string {
  for (const value of values) if (value && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return new Date(0).toISOString();
}

/** A Ghost export's content as our archive's; ImportMalformed when it is not in Ghost's shape. */
export function readGhostExport(json: unknown): { version: number; content: ArchiveContent } {
  const found = ghostExportOf(json);
  const parsed = ghostExportSchema.safeParse(found);
  if (!found || !parsed.success) {
    const issue = parsed.error?.issues[0];
    throw new ImportMalformed(
      `The file is not a Ghost export in the expected shape${issue ? ` (${issue.path.join(".")}: ${issue.message})` : ""}`,
    );
  }
  const version = ghostMajorVersion(parsed.data.meta.version);
  if (!(version >= 1)) throw new ImportMalformed(`The Ghost export's version "${parsed.data.meta.version}" is not a version number`);
  const data = parsed.data.data;
  const tagsById = new Map(data.tags.map((tag) => [tag.id, tag]));
  const usersById = new Map(data.users.map((user) => [user.id, user]));
  const metaByPost = new Map(data.posts_meta.map((meta) => [meta.post_id, meta]));
  const sorted = <T extends { sort_order?: number }>(rows: T[]) => [...rows].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
  const tagsOfPost = new Map<string, string[]>();
  for (const link of sorted(data.posts_tags)) tagsOfPost.set(link.post_id, [...(tagsOfPost.get(link.post_id) ?? []), link.tag_id]);
  const authorsOfPost = new Map<string, string[]>();
  for (const link of sorted(data.posts_authors))
    authorsOfPost.set(link.post_id, [...(authorsOfPost.get(link.post_id) ?? []), link.author_id]);

  const isPublic = (tag: { name: string; visibility?: string | null }) => tag.visibility !== "internal" && !tag.name.startsWith("#");
  const posts: ArchivedPost[] = data.posts.map((post) => {
    const content = bodyOf(post);
    const postTags = (tagsOfPost.get(post.id) ?? []).map((tagId) => tagsById.get(tagId)).filter((tag) => tag !== undefined);
    const category = postTags.map((tag) => tag.slug ?? tagSlug(tag.name)).find(isBlogCategory) ?? "updates";
    const authorId = authorsOfPost.get(post.id)?.[0] ?? post.author_id;
    const author = authorId ? usersById.get(authorId) : undefined;
    const meta = metaByPost.get(post.id);
    const published = post.status === "published" || post.status === "scheduled";
    return {
      slug: post.slug,
      title: clip(post.title, MAX_TITLE) ?? post.slug,
      excerpt: excerptOf(post, content),
      content,
      author: clip(author?.name, MAX_AUTHOR) ?? "Unknown author",
      authorEmail: author?.email ?? null,
      category,
      tags: postTags
        .filter(isPublic)
        .slice(0, MAX_TAGS)
        .map((tag) => clip(tag.name, MAX_TAG)!)
        .filter(Boolean),
      image: ghostUrl(post.feature_image),
      cover: null,
      imageAlt: clip(meta?.feature_image_alt ?? post.feature_image_alt, 300),
      metaTitle: clip(meta?.meta_title ?? post.meta_title, 200),
      metaDescription: clip(meta?.meta_description ?? post.meta_description, 500),
      canonicalUrl: canonicalOf(post.canonical_url),
      socialImage: ghostUrl(meta?.og_image ?? post.og_image),
      socialTitle: clip(meta?.og_title ?? post.og_title, 200),
      noindex: false,
      published,
      // A draft keeps the date Ghost would publish it under (published_at when it was once live, else created_at).
      publishAt: dateOf(post.published_at, post.created_at),
      updatedAt: post.updated_at ? dateOf(post.updated_at) : undefined,
    };
  });
  const usedAuthors = new Set(posts.map((post) => post.author));
  return {
    version,
    content: {
      posts,
      tags: data.tags
        .filter(isPublic)
        .map((tag) => ({ slug: tag.slug ?? tagSlug(tag.name), name: tag.name, description: tag.description ?? "" })),
      authors: data.users
        .filter((user) => usedAuthors.has(user.name.trim()))
        .map((user) => ({ name: user.name.trim(), email: user.email ?? null, slug: user.slug ?? null, bio: user.bio ?? null })),
      images: [],
    },
  };
}
