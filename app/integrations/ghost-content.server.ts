import { randomUUID } from "node:crypto";
import { publishedWithVersion } from "~/blog/post/posts.server";
import { isPublic } from "~/blog/post/indexable";
import { versionOf } from "~/content-versions.server";
import { getEnv } from "~/core/instance/env.server";
import { sharedBodyResponse } from "~/core/caches/shared-body.server";
import { GhostBadRequest, GhostInvalid } from "./ghost-query";
import { authorsPlan, NotFound, pagesPlan, postsPlan, tagsPlan, tiersPlan, type Data, type Plan } from "./ghost-resources.server";
import { ghostSettings } from "./ghost-shapes.server";
import { versionHeaders, versionMismatch } from "./ghost-version";
import { integrationForKey } from "./integrations.server";

/**
 * GET /ghost/api/content/{resource}/...: Ghost's Content API (version 5) over the blog's public posts
 * (decision records 0034 and 0048). The key is checked on every request, before a cached answer or
 * a 304; answers are kept per version of the blog and its tags (the pages' own versions) and query, with
 * an ETag. CORS is open: the key is public by design, as Ghost's.
 */

const CORS_HEADERS: Record<string, string> = { "Access-Control-Allow-Origin": "*" };

/** Ghost's error body (its JSON error handler's fields), for everything refused. */
export function ghostError(
  status: number,
  type: string,
  message: string,
  context: string | null = null,
  help: string | null = null,
): Response {
  const error = { message, context, type, details: null, property: null, help, code: null, id: randomUUID(), ghostErrorCode: null };
  return Response.json({ errors: [error] }, { status, headers: { ...CORS_HEADERS, "Cache-Control": "no-store" } });
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

/** An address that names no resource at all (not a missing post): Ghost's resourceNotFound. */
class NoSuchResource extends NotFound {}

/**
 * The answer to /ghost/api/content/{path} or, for `legacy` (v2, v3, v4, canary), to
 * /ghost/api/{legacy}/content/{path}: the same, with Ghost's version headers (ghost-version.ts).
 */
export async function contentApiAnswer(request: Request, path: string, legacy: string | null = null): Promise<Response> {
  const url = new URL(request.url);
  const latest = `${getEnv().SITE_URL}${url.pathname.replace(/^\/ghost\/api\/[^/]+\/content\//, "/ghost/api/content/")}${url.search}`;
  const headers = versionHeaders(request.headers.get("accept-version"), legacy, latest);
  const acceptVersion = request.headers.get("accept-version") ?? (legacy ? `${legacy === "canary" ? "v4" : legacy}.0` : null);
  const response = await answerFor(request, url, path, acceptVersion);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  response.headers.set("Vary", [response.headers.get("Vary"), "Accept-Version"].filter(Boolean).join(", "));
  return response;
}

async function answerFor(request: Request, url: URL, path: string, acceptVersion: string | null): Promise<Response> {
  if ((await integrationForKey(url.searchParams.get("key"))) === null) {
    return ghostError(401, "UnauthorizedError", "Unknown Content API Key", "Send the integration's Content API key as the key parameter.");
  }
  const segments = path.split("/").filter(Boolean);
  try {
    const { version, plan } = await planFor(segments, url.searchParams);
    const params = [...url.searchParams].filter(([name]) => name !== "key").sort(([a], [b]) => a.localeCompare(b));
    const key = `ghost:${segments.join("/")}?${new URLSearchParams(params)}`;
    const source = "pieces" in plan ? { pieces: plan.pieces } : { make: async () => JSON.stringify(await plan.make()) };
    return await sharedBodyResponse(
      request,
      { key, version, contentType: "application/json; charset=utf-8", ...source },
      { ...CORS_HEADERS, "Cache-Control": "no-cache" },
    );
  } catch (error) {
    if (error instanceof GhostBadRequest) return ghostError(400, "BadRequestError", error.message);
    if (error instanceof GhostInvalid) return ghostError(422, "ValidationError", error.message);
    if (error instanceof NoSuchResource) {
      const mismatch = versionMismatch(acceptVersion);
      if (mismatch) return ghostError(406, "RequestNotAcceptableError", mismatch.message, mismatch.context, mismatch.help);
    }
    if (error instanceof NotFound) return ghostError(404, "NotFoundError", error.message);
    throw error;
  }
}

async function planFor(segments: string[], params: URLSearchParams): Promise<{ version: string; plan: Plan }> {
  const [resource, ...rest] = segments;
  const version = await versionOf(["blog", "tags"]);
  const { published } = await publishedWithVersion();
  const data: Data = { posts: published.filter(isPublic), siteUrl: getEnv().SITE_URL };
  const readArg =
    rest[0] === "slug" && rest.length === 2 ? { slug: rest[1]! } : rest.length === 1 && rest[0] !== "slug" ? { id: rest[0]! } : null;
  if (rest.length > 0 && !readArg) throw new NoSuchResource("Resource not found");
  switch (resource) {
    case "posts":
      return { version, plan: postsPlan(data, params, readArg) };
    case "pages":
      return { version, plan: pagesPlan(params, readArg) };
    case "tags":
      return { version, plan: await tagsPlan(data, params, readArg) };
    case "authors":
      return { version, plan: authorsPlan(data, params, readArg) };
    case "tiers":
      return { version, plan: tiersPlan(params, readArg) };
    case "settings":
      if (readArg) throw new NoSuchResource("Resource not found");
      return { version, plan: { make: async () => ({ settings: ghostSettings(data.siteUrl), meta: {} }) } };
    default:
      throw new NoSuchResource("Resource not found");
  }
}
