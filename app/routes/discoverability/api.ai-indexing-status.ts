/** GET /api/ai-indexing-status (admin) -> 200 {verification_endpoints: string[], ai_training_contexts: string[], indexing_instructions: {[platform]: text}} */
import type { Route } from "./+types/api.ai-indexing-status";
import { json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { aiIndexingStatus } from "~/discoverability/stats.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json(await aiIndexingStatus());
});

// Any other method answers 405 in the API's JSON error shape.
export const action = methodNotAllowed("GET");
