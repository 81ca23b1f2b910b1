/**
 * GET /ghost/api/content/*?key=... and the legacy /ghost/api/{v2,v3,v4,canary}/content/*: Ghost's Content
 * API, version 5 (app/integrations/ghost-content.server.ts; legacy paths answer the same with Ghost's
 * Deprecation header, ghost-version.ts). posts/, posts/{id}/, posts/slug/{slug}/, tags/, authors/ (the
 * same), pages/, tiers/, settings/. 401 {errors:[{message, type: "UnauthorizedError", ...}]} without a
 * valid key, 404 NotFoundError, 400 BadRequestError for a filter or parameter not supported. OPTIONS
 * answers the CORS preflight; other methods 405.
 */
import type { Route } from "./+types/ghost.content-api";
import { contentApiAnswer, ghostError, preflight } from "~/integrations/ghost-content.server";
import { isLegacyVersion } from "~/integrations/ghost-version";

const legacyOf = (params: Record<string, string | undefined>) => params.version ?? null;

export async function loader({ request, params }: Route.LoaderArgs) {
  const legacy = legacyOf(params);
  if (legacy !== null && !isLegacyVersion(legacy)) return ghostError(404, "NotFoundError", "Resource not found");
  // React Router hands OPTIONS to the loader.
  if (request.method === "OPTIONS") return preflight(request);
  return contentApiAnswer(request, params["*"] ?? "", legacy);
}

export async function action({ request, params }: Route.ActionArgs) {
  if (legacyOf(params) !== null && !isLegacyVersion(legacyOf(params)!)) return ghostError(404, "NotFoundError", "Resource not found");
  if (request.method === "OPTIONS") return preflight(request);
  return ghostError(405, "MethodNotAllowedError", "The Content API only reads: use GET");
}
