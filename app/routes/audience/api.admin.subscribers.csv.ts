/** GET /api/admin/subscribers.csv?list=waitlist|blog  (administrator and owner): the list as a formula-safe spreadsheet; audited. */
import type { Route } from "./+types/api.admin.subscribers.csv";
import { subscribersCsv } from "~/audience/admin.server";
import { subscriberListSchema } from "~/audience/lists";
import { requireStaff } from "~/auth/session.server";
import { ApiError, methodNotAllowed, withApi } from "~/core/http/api.server";
import { safeParse } from "~/core/text/zod-mini";
import { utcDay } from "~/core/text/utc-days";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  const list = safeParse(subscriberListSchema, new URL(request.url).searchParams.get("list") ?? "waitlist");
  if (!list.success) throw new ApiError(400, "list must be waitlist or blog");
  const csv = await subscribersCsv(staff, list.data);
  const day = utcDay(Date.now());
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${list.data}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});

export const action = methodNotAllowed("GET");
