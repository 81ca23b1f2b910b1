/**
 * GET /api/proof-of-work -> 200 {algorithm, challenge, maxnumber, salt, signature} (ALTCHA's challenge)
 * A fresh challenge for one public form submission; never cached. Solved by the forms' script.
 */
import type { Route } from "./+types/api.proof-of-work";
import { ApiError, json, withApi } from "~/core/http/api.server";
import { newChallenge } from "~/forms/proof-of-work.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  if (request.method !== "GET" && request.method !== "HEAD") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET" });
  return json(await newChallenge(), { headers: { "Cache-Control": "no-store" } });
});

export const action = withApi(() => {
  throw new ApiError(405, "Method not allowed", {}, { Allow: "GET" });
});
