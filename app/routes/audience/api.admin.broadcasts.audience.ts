/**
 * GET /api/admin/broadcasts/audience?list=waitlist|blog&city=&platform=  (editor and up) -> 200
 * {recipients, timezone, canSend}: how many the segment holds now (shown before sending), the site's time
 * zone a send time is read in, and whether this member may send (administrators and the owner). No addresses.
 */
import type { Route } from "./+types/api.admin.broadcasts.audience";
import { analyticsQuerySchema, canSendBroadcasts } from "~/audience/broadcasts";
import { countRecipients } from "~/audience/broadcasts.server";
import { requireStaff } from "~/auth/session.server";
import { json, methodNotAllowed, validBody, withApi } from "~/core/http/api.server";
import { getEnv } from "~/core/instance/env.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "editor");
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ""));
  const { list, ...segment } = validBody(params, analyticsQuerySchema);
  return json(
    { recipients: await countRecipients(list, segment), timezone: getEnv().SITE_TIMEZONE, canSend: canSendBroadcasts(staff.role) },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const action = methodNotAllowed("GET");
