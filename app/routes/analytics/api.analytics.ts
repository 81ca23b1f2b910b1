/**
 * POST /api/analytics  JSON (or text/plain, as navigator.sendBeacon sends a string)
 *   {path: "/page", ref?: "referrer.host", utm_source?, utm_medium?, utm_campaign?, screen?: "mobile"|"tablet"|"desktop", goal?}
 *   -> 202 {success: true} | 400 {success:false, message} | 413 | 415 | 429
 * A page view (no goal) or a goal event from the public pages' beacon. Only for public pages (400 otherwise);
 * bots, prefetches and Sec-GPC: 1 are answered alike and not counted (app/analytics/collect.server.ts).
 */
import type { Route } from "./+types/api.analytics";
import { acceptBeacon } from "~/analytics/collect.server";
import { analyticsBeaconSchema } from "~/analytics/beacon";
import { ApiError, json, parseJson, withApi } from "~/core/api.server";
import { consume } from "~/core/rate-limit.server";

const MAX_BODY = 2048;

export const loader = withApi(() => {
  throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
});

export const action = withApi(
  async ({ request, context }: Route.ActionArgs) => {
    if (request.method !== "POST")
      throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY)
      throw new ApiError(413, "The beacon is too large");
    const type = (request.headers.get("content-type") ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    if (type !== "application/json" && type !== "text/plain")
      throw new ApiError(
        415,
        "Send the beacon as JSON (application/json or text/plain)",
      );
    const limit = await consume("analytics", context.clientIp);
    if (limit.limited)
      throw new ApiError(
        429,
        "Too many beacons; try again later",
        {},
        { "Retry-After": String(limit.retryAfterSeconds) },
      );
    // sendBeacon sends a string as text/plain (a "simple" request, no preflight): read it as JSON alike.
    const asJson =
      type === "text/plain"
        ? new Request(request.url, {
            method: "POST",
            body: await request.text(),
            headers: { "content-type": "application/json" },
          })
        : request;
    const beacon = await parseJson(asJson, analyticsBeaconSchema);
    const h = request.headers;
    await acceptBeacon(beacon, {
      clientIp: context.clientIp,
    host: new URL(request.url).host,
      userAgent: h.get("user-agent") ?? "",
      secPurpose: h.get("sec-purpose"),
      purpose: h.get("purpose"),
      xPurpose: h.get("x-purpose"),
      xMoz: h.get("x-moz"),
      secGpc: h.get("sec-gpc"),
    });
    return json({ success: true }, { status: 202 });
  },
);
