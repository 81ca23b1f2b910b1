import { publishedWithVersion, type BlogPost } from "~/blog/posts.server";
import { isIndexable } from "~/blog/indexable";
import { listAuthors, type Author } from "~/blog/authors.server";
import { listTags, tagNamer } from "~/blog/tags.server";
import { renderedPostBody } from "~/blog/rendered-body.server";
import { versionOf } from "~/content-versions.server";
import { getEnv } from "~/core/env.server";
import { sharedBodyResponse } from "~/core/shared-body.server";
import { matchesGhostFilter } from "./ghost-filter";
import { GhostBadRequest, ordered, paginate, parseGhostQuery, pickFields, type GhostQuery } from "./ghost-query";
import { ghostAuthor, ghostPost, ghostSettings, ghostTag, postTagSlugs, type GhostObject } from "./ghost-shapes.server";
import { integrationForKey } from "./integrations.server";

/**
 * GET /ghost/api/content/{resource}/...: Ghost's Content API (version 5) over the blog's published,
 * indexable posts (decision record 0034). The key is checked on every request, before a cached answer or
 * a 304; answers are kept per version of the blog and its tags (the pages' own versions) and query, with
 * an ETag. CORS is open: the key is public by design, as Ghost's.
 */

export const CORS_HEADERS: Record<string, string> = { "Access-Control-Allow-Origin": "*" };

export function ghostError(status: number, type: string, message: string, context: string | null = null): Response {
  return Response.json({ errors: [{ message, context, type }] }, { status, headers: { ...CORS_HEADERS, "Cache-Control": "no-store" } });
}

/** The preflight a browser sends before a request with Accept-Version. */
export function preflight(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "Accept-Version, Content-Type, Authorization",
      "Access-Control-Max-Age": "86400",
      Vary: request.headers.has("origin") ? "Origin" : "Accept-Encoding",
    },
  });
}

class NotFound extends Error {}

type Plan = () => Promise<Record<string, unknown>>;
type Data = { posts: BlogPost[]; siteUrl: string };

const POST_ORDER = ["published_at", "updated_at", "created_at", "title", "slug", "id"];
const NAME_ORDER = ["name", "slug"];

export async function contentApiAnswer(request: Request, path: string): Promise<Response> {
  const url = new URL(request.url);
  if ((await integrationForKey(url.searchParams.get("key"))) === null) {
    return ghostError(401, "UnauthorizedError", "Unknown Content API Key", "Send the integration's Content API key as the key parameter.");
  }
  const segments = path.split("/").filter(Boolean);
  try {
    const { version, plan } = await planFor(segments, url.searchParams);
    const params = [...url.searchParams].filter(([name]) => name !== "key").sort(([a], [b]) => a.localeCompare(b));
    const key = `ghost:${segments.join("/")}?${new URLSearchParams(params)}`;
    return await sharedBodyResponse(
      request,
      { key, version, contentType: "application/json; charset=utf-8", make: async () => JSON.stringify(await plan()) },
      { ...CORS_HEADERS, "Cache-Control": "no-cache" },
    );
  } catch (error) {
    if (error instanceof GhostBadRequest) return ghostError(400, "BadRequestError", error.message);
    if (error instanceof NotFound) return ghostError(404, "NotFoundError", error.message);
    throw error;
  }
}

async function planFor(segments: string[], params: URLSearchParams): Promise<{ version: string; plan: Plan }> {
  const [resource, ...rest] = segments;
  const version = await versionOf(["blog", "tags"]);
  const { published } = await publishedWithVersion();
  const data: Data = { posts: published.filter(isIndexable), siteUrl: getEnv().SITE_URL };
  const readArg = rest[0] === "slug" && rest.length === 2 ? { slug: rest[1]! } : rest.length === 1 && rest[0] !== "slug" ? { id: rest[0]! } : null;
  if (rest.length > 0 && !readArg) throw new NotFound("Resource not found");
  switch (resource) {
    case "posts":
      return { version, plan: postsPlan(data, parseGhostQuery(params, POST_ORDER), readArg) };
    case "tags":
      return { version, plan: await tagsPlan(data, parseGhostQuery(params, NAME_ORDER), readArg) };
    case "authors":
      return { version, plan: authorsPlan(data, parseGhostQuery(params, NAME_ORDER), readArg) };
    case "pages": {
      if (readArg) throw new NotFound("Page not found.");
      const query = parseGhostQuery(params, POST_ORDER);
      return { version, plan: async () => ({ pages: [], meta: { pagination: paginate([], query).pagination } }) };
    }
    case "settings":
      if (readArg) throw new NotFound("Resource not found");
      return { version, plan: async () => ({ settings: ghostSettings(data.siteUrl), meta: {} }) };
    default:
      throw new NotFound("Resource not found");
  }
}

/**
 * A read's one item (404 when none), or a browse's page with its meta. `pagination` when `items` is the
 * page already (posts shape only the page's posts); else `items` is every item and is paged here.
 */
function answer(name: string, items: GhostObject[], query: GhostQuery, readArg: unknown, missing: string, pagination?: unknown): Record<string, unknown> {
  if (readArg) {
    if (!items[0]) throw new NotFound(missing);
    return { [name]: [pickFields(items[0], query.fields)] };
  }
  const page = pagination ? { slice: items, pagination } : paginate(items, query);
  return { [name]: page.slice.map((item) => pickFields(item, query.fields)), meta: { pagination: page.pagination } };
}

function postsPlan(data: Data, query: GhostQuery, readArg: { id?: string; slug?: string } | null): Plan {
  let posts = data.posts;
  if (readArg) posts = posts.filter((post) => (readArg.id ? String(post.id) === readArg.id : post.slug === readArg.slug));
  if (readArg && posts.length === 0) throw new NotFound("Post not found.");
  if (query.filter) {
    const filter = query.filter;
    posts = posts.filter((post) =>
      matchesGhostFilter(filter, {
        id: String(post.id),
        slug: post.slug,
        tags: postTagSlugs(post),
        authors: [ghostAuthorSlug(post)],
        featured: false,
        publishedAt: Date.parse(post.createdAt),
      }),
    );
  }
  posts = ordered(posts, query.order, (post, field) =>
    field === "published_at" || field === "created_at" ? Date.parse(post.createdAt) : field === "updated_at" ? Date.parse(post.updatedAt) : field === "id" ? post.id : field === "title" ? post.title : post.slug,
  );
  const { slice, pagination } = readArg ? { slice: posts.slice(0, 1), pagination: undefined } : paginate(posts, query);
  return async () => {
    const names = await tagNamer();
    const include = { tags: query.include.has("tags"), authors: query.include.has("authors"), countPosts: false };
    const wantsBody = (field: string) => query.formats.has(field) && (!query.fields || query.fields.has(field));
    const shaped = await Promise.all(
      slice.map(async (post) => {
        const html = wantsBody("html") || wantsBody("plaintext") ? await renderedPostBody(post) : undefined;
        const bodies = { ...(wantsBody("html") ? { html } : {}), ...(wantsBody("plaintext") ? { plaintext: htmlToText(html!) } : {}) };
        return ghostPost(data.siteUrl, post, names(post.tags), include, bodies);
      }),
    );
    return answer("posts", shaped, query, readArg, "Post not found.", pagination);
  };
}

const ghostAuthorSlug = (post: BlogPost) => listAuthors([post])[0]!.author.slug;

function readFilter(items: GhostObject[], readArg: { id?: string; slug?: string } | null): GhostObject[] {
  if (!readArg) return items;
  return items.filter((item) => (readArg.id ? item.id === readArg.id : item.slug === readArg.slug));
}

async function tagsPlan(data: Data, query: GhostQuery, readArg: { id?: string; slug?: string } | null): Promise<Plan> {
  const counted = (await listTags())
    .map((tag) => ({ slug: tag.slug, tag, count: tag.posts.filter(isIndexable).length }))
    .filter((entry) => entry.count > 0);
  const sorted = ordered(counted, query.order ?? [{ field: "name", desc: false }], (entry, field) => (field === "name" ? entry.tag.name : entry.slug));
  const shaped = sorted.map((entry) => ghostTag(data.siteUrl, entry.tag, query.include.has("count.posts") ? entry.count : undefined));
  const items = readFilter(shaped, readArg);
  const result = answer("tags", items, query, readArg, "Tag not found.");
  return async () => result;
}

function authorsPlan(data: Data, query: GhostQuery, readArg: { id?: string; slug?: string } | null): Plan {
  const counts = new Map<string, number>();
  for (const post of data.posts) counts.set(ghostAuthorSlug(post), (counts.get(ghostAuthorSlug(post)) ?? 0) + 1);
  const authors: Author[] = listAuthors(data.posts).map((entry) => entry.author);
  const sorted = ordered(authors, query.order ?? [{ field: "name", desc: false }], (author, field) => (field === "name" ? author.name : author.slug));
  const shaped = sorted.map((author) => ghostAuthor(data.siteUrl, author, query.include.has("count.posts") ? counts.get(author.slug) : undefined));
  const result = answer("authors", readFilter(shaped, readArg), query, readArg, "Author not found.");
  return async () => result;
}

/** A rendered body as plain text: tags dropped, blocks on their own lines, entities read. */
function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|figure)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
