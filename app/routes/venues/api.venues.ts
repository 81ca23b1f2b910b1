/**
 * GET /api/venues            -> 200 Venue[]: every public (not hidden) venue, by city then id
 * GET /api/venues?city=miami -> 200 Venue[] of that city (new-york, los-angeles, chicago, san-francisco, miami)
 *                            -> 400 {success:false, message} for an unknown city
 * Cacheable: an ETag made from the body (any instance gives the same), 304 to If-None-Match.
 */
import type { Route } from "./+types/api.venues";
import { ApiError, withApi } from "~/core/http/api.server";
import { CITIES } from "~/venues/schema";
import { parseCityParam, publicVenuesJson } from "~/venues/venues.server";
import { VENUES_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

/** What a CDN purges it for: every venue change. */
export const handle = { cacheTags: [VENUES_TAG] } satisfies PageHandle;

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const city = parseCityParam(new URL(request.url).searchParams.get("city"));
  if (city === "invalid") throw new ApiError(400, `city must be one of ${CITIES.join(", ")}`);
  const { body, etag } = await publicVenuesJson(city);
  const headers = { "Content-Type": "application/json; charset=utf-8", ETag: etag, "Cache-Control": "public, max-age=60, must-revalidate" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
});

export const action = withApi(async () => {
  throw new ApiError(405, "Method not allowed");
});
