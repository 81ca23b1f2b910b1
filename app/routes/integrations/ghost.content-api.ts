/**
 * GET /ghost/api/content/*?key=...: Ghost's Content API, version 5 (app/integrations/ghost-content.server.ts).
 * posts/, posts/{id}/, posts/slug/{slug}/, tags/, tags/{id}/, tags/slug/{slug}/, authors/ (the same),
 * pages/ (always empty), settings/. 401 {errors:[{message, type: "UnauthorizedError"}]} without a valid
 * key, 404 NotFoundError, 400 BadRequestError for a filter or parameter not supported. OPTIONS answers the
 * CORS preflight; other methods 405.
 */
import type { Route } from "./+types/ghost.content-api";
import { contentApiAnswer, ghostError, preflight } from "~/integrations/ghost-content.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  // React Router hands OPTIONS to the loader.
  if (request.method === "OPTIONS") return preflight(request);
  return contentApiAnswer(request, params["*"] ?? "");
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method === "OPTIONS") return preflight(request);
  return ghostError(405, "MethodNotAllowedError", "The Content API only reads: use GET");
}
