/**
 * POST /api/vitals  JSON {page: "/path", metrics: [{name: "LCP"|"INP"|"CLS"|"FCP"|"TTFB", value}]}
 *   -> 202 {success: true} | 400 {success:false, message} | 413 | 415 | 429
 * Sent by the browser's web-vitals script (navigator.sendBeacon). Only for the site's public pages and
 * published posts; rate limited per client address; each client counts for at most 3 page views a day
 * per page, and beacons are sampled when the server is busy (the answer is the same either way).
 */
import type { Route } from "./+types/api.vitals";
import { ApiError, json, parseJson, withApi } from "~/core/api.server";
import { consume } from "~/core/rate-limit.server";
import { vitalsBeaconSchema } from "~/discoverability/vitals";
import { acceptVitals } from "~/discoverability/vitals.server";

const MAX_BODY = 4096;

export const loader = withApi(() => {
  throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
});

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) throw new ApiError(413, "The beacon is too large");
  const limit = await consume("vitals", context.clientIp);
  if (limit.limited) throw new ApiError(429, "Too many measurements; try again later", {}, { "Retry-After": String(limit.retryAfterSeconds) });
  await acceptVitals(await parseJson(request, vitalsBeaconSchema), context.clientIp);
  return json({ success: true }, { status: 202 });
});
