/**
 * GET /api/admin/subscribers?list=waitlist|blog  (administrator and owner) -> 200 [subscriber with consent record]
 * | 400 (no such list) | 401 | 403. Editors see the counts only (GET /api/admin/audience).
 */
import type { Route } from "./+types/api.admin.subscribers";
import { listSubscribers } from "~/audience/admin.server";
import { subscriberListSchema } from "~/audience/lists";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { safeParse } from "~/core/text/zod-mini";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  const list = safeParse(subscriberListSchema, new URL(request.url).searchParams.get("list") ?? "waitlist");
  if (!list.success) throw new ApiError(400, "list must be waitlist or blog");
  return json(await listSubscribers(list.data), { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed("GET");
