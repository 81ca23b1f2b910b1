/** GET /api/admin/audience  (editor and up) -> 200 counts per list and state, by city and platform, growth, spots: no addresses. */
import type { Route } from "./+types/api.admin.audience";
import { audienceCounts } from "~/audience/admin.server";
import { requireStaff } from "~/auth/session.server";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json(await audienceCounts(), { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed("GET");
