import type { BlogPost } from "~/blog/post/posts.server";
import { authorOf, listAuthors } from "~/blog/reading/authors.server";
import { listTags, tagNamer } from "~/blog/reading/tags.server";
import { keptPostBodies } from "~/blog/reading/rendered-body.server";
import { AUTHOR_FILTER_KEYS, POST_FILTER_KEYS, TAG_FILTER_KEYS, matchesGhostFilter, type FilterSubject } from "./ghost-filter";
import { ordered, paginate, parseGhostQuery, pickFields, type GhostQuery } from "./ghost-query";
import { ghostAuthor, ghostFreeTier, ghostPost, ghostTag, postTagSlugs, type GhostObject } from "./ghost-shapes.server";
import { nextTurn } from "~/core/limits/next-turn";

/**
 * The Content API's resources over the public posts (app/blog/post/indexable.ts decides which): each takes
 * Ghost's parameters (ghost-query.ts) and filters with its own keys (ghost-filter.ts), and answers a
 * browse's page with its meta or a read's one item (404 when none).
 */

export class NotFound extends Error {}

/**
 * How to make an answer's body: an object to serialise, or (posts, whose bodies can be tens of
 * megabytes) the JSON text in pieces, each made when the client is ready for it.
 */
export type Plan = { make: () => Promise<Record<string, unknown>> } | { pieces: () => AsyncIterable<string> };
/**
 * Posts per piece of a listing: with bodies, few (a piece is one read of kept bodies and one turn of
 * the event loop; ten 29 KB posts keep that turn short), without them many.
 */
const CHUNK_WITH_BODIES = 10;
const CHUNK_WITHOUT_BODIES = 100;
export type Data = { posts: BlogPost[]; siteUrl: string };
export type ReadArg = { id?: string; slug?: string } | null;

const POST_ORDER = ["published_at", "updated_at", "created_at", "title", "slug", "id", "featured", "visibility", "status"];
const TAG_ORDER = ["name", "slug", "id", "visibility", "count.posts"];
const AUTHOR_ORDER = ["name", "slug", "id", "count.posts"];
const BY_NAME = [{ field: "name", desc: false }];

function answer(
  name: string,
  items: GhostObject[],
  query: GhostQuery,
  readArg: ReadArg,
  missing: string,
  pagination?: unknown,
): Record<string, unknown> {
  if (readArg) {
    if (!items[0]) throw new NotFound(missing);
    return { [name]: [pickFields(items[0], query.fields)] };
  }
  const page = pagination ? { slice: items, pagination } : paginate(items, query);
  return { [name]: page.slice.map((item) => pickFields(item, query.fields)), meta: { pagination: page.pagination } };
}

function readFilter<T extends { id?: unknown; slug?: unknown }>(items: T[], readArg: ReadArg): T[] {
  if (!readArg) return items;
  return items.filter((item) => (readArg.id ? String(item.id) === readArg.id : item.slug === readArg.slug));
}

const authorSlug = (post: BlogPost) => authorOf(post).slug;

/** What a post's filter is matched on, under Ghost's field names. */
function postSubject(post: BlogPost): FilterSubject {
  const tags = postTagSlugs(post);
  return {
    id: String(post.id),
    slug: post.slug,
    title: post.title,
    tags,
    primary_tag: tags[0] ?? null,
    authors: [authorSlug(post)],
    primary_author: authorSlug(post),
    featured: false,
    visibility: "public",
    status: "published",
    published_at: Date.parse(post.createdAt),
    created_at: Date.parse(post.createdAt),
    updated_at: Date.parse(post.updatedAt),
  };
}

export function postsPlan(data: Data, params: URLSearchParams, readArg: ReadArg): Plan {
  const query = parseGhostQuery(params, POST_ORDER, POST_FILTER_KEYS);
  let posts = readFilter(data.posts, readArg);
  if (readArg && posts.length === 0) throw new NotFound("Post not found.");
  const filter = query.filter;
  if (filter) posts = posts.filter((post) => matchesGhostFilter(filter, postSubject(post)));
  posts = ordered(posts, query.order, (post, field) => {
    const value = postSubject(post)[field];
    return typeof value === "number" || typeof value === "string" ? value : String(value);
  });
  const { slice, pagination } = readArg ? { slice: posts.slice(0, 1), pagination: undefined } : paginate(posts, query);
  if (readArg && !slice[0]) throw new NotFound("Post not found.");
  // Made a chunk of posts at a time from the bodies kept at save (one read per chunk), each chunk
  // when the client is ready for it: a limit=all over thousands of posts never holds the thread
  // that answers pages, nor the whole answer in memory.
  async function* pieces(): AsyncGenerator<string> {
    const names = await tagNamer();
    const described = new Map((await listTags()).map((tag) => [tag.slug, tag.description]));
    const include = { tags: query.include.has("tags"), authors: query.include.has("authors"), countPosts: false };
    const wantsBody = (field: string) => query.formats.has(field) && (!query.fields || query.fields.has(field));
    const needsBody = wantsBody("html") || wantsBody("plaintext");
    const size = needsBody ? CHUNK_WITH_BODIES : CHUNK_WITHOUT_BODIES;
    yield `{"posts":[`;
    for (let at = 0; at < slice.length; at += size) {
      // Each piece in a turn of its own: the embedded database answers without I/O, so reads in a row
      // would otherwise run back to back before the loop reads another request.
      if (at > 0) await nextTurn();
      const chunk = slice.slice(at, at + size);
      const bodies = needsBody ? await keptPostBodies(chunk) : [];
      const shaped = chunk.map((post, i) => {
        const html = bodies[i];
        const shapedBodies = {
          ...(wantsBody("html") ? { html } : {}),
          ...(wantsBody("plaintext") ? { plaintext: htmlToText(html!) } : {}),
        };
        const tags = names(post.tags).map((tag) => ({ ...tag, description: described.get(tag.slug) ?? "" }));
        return JSON.stringify(pickFields(ghostPost(data.siteUrl, post, tags, include, shapedBodies), query.fields));
      });
      yield (at > 0 ? "," : "") + shaped.join(",");
    }
    yield readArg ? "]}" : `],"meta":${JSON.stringify({ pagination })}}`;
  }
  return { pieces };
}

/** Pages: this site has none (its pages are its own, not posts); Ghost's empty answers. */
export function pagesPlan(params: URLSearchParams, readArg: ReadArg): Plan {
  const query = parseGhostQuery(params, POST_ORDER, POST_FILTER_KEYS);
  if (readArg) throw new NotFound("Page not found.");
  return { make: async () => ({ pages: [], meta: { pagination: paginate([], query).pagination } }) };
}

/** Browses and reads of a list of shaped items with a post count (tags and authors). */
function countedPlan(
  name: string,
  entries: Array<{ shaped: GhostObject; count: number }>,
  query: GhostQuery,
  readArg: ReadArg,
  missing: string,
): Plan {
  let chosen = entries;
  const filter = query.filter;
  if (filter) chosen = chosen.filter((entry) => matchesGhostFilter(filter, entry.shaped as FilterSubject));
  chosen = ordered(chosen, query.order ?? BY_NAME, (entry, field) =>
    field === "count.posts" ? entry.count : String(entry.shaped[field] ?? ""),
  );
  const withCount = query.include.has("count.posts");
  const items = readFilter(
    chosen.map((entry) => (withCount ? { ...entry.shaped, count: { posts: entry.count } } : entry.shaped)),
    readArg,
  );
  const result = answer(name, items, query, readArg, missing);
  return { make: async () => result };
}

export async function tagsPlan(data: Data, params: URLSearchParams, readArg: ReadArg): Promise<Plan> {
  const query = parseGhostQuery(params, TAG_ORDER, TAG_FILTER_KEYS);
  const entries = (await listTags())
    .map((tag) => ({ shaped: ghostTag(data.siteUrl, tag), count: tag.posts.length }))
    .filter((entry) => entry.count > 0);
  return countedPlan("tags", entries, query, readArg, "Tag not found.");
}

export function authorsPlan(data: Data, params: URLSearchParams, readArg: ReadArg): Plan {
  const query = parseGhostQuery(params, AUTHOR_ORDER, AUTHOR_FILTER_KEYS);
  const counts = new Map<string, number>();
  for (const post of data.posts) counts.set(authorSlug(post), (counts.get(authorSlug(post)) ?? 0) + 1);
  const entries = listAuthors(data.posts).map(({ author }) => ({
    shaped: ghostAuthor(data.siteUrl, author),
    count: counts.get(author.slug) ?? 0,
  }));
  return countedPlan("authors", entries, query, readArg, "Author not found.");
}

/** Tiers: the one free tier a Ghost site with members turned off answers (decision record 0048). */
export function tiersPlan(params: URLSearchParams, readArg: ReadArg): Plan {
  const query = parseGhostQuery(params, ["name", "slug", "id"], {
    id: { field: "id", kind: "text" },
    slug: { field: "slug", kind: "text" },
    type: { field: "type", kind: "text" },
    visibility: { field: "visibility", kind: "text" },
    active: { field: "active", kind: "boolean" },
  });
  let tiers = readFilter([ghostFreeTier()], readArg);
  const filter = query.filter;
  if (filter) tiers = tiers.filter((tier) => matchesGhostFilter(filter, tier as FilterSubject));
  const result = answer("tiers", tiers, query, readArg, "Tier not found.");
  return { make: async () => result };
}

/** A rendered body as plain text: tags dropped, blocks on their own lines, entities read. */
function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|figure)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
