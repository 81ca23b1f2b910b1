/**
 * Role needed: editor (administrators and the owner too).
 * GET  /api/admin/redirects -> 200 {redirects: [{id, from, to, status, automatic, hits, lastHitAt, createdAt}]}
 * POST /api/admin/redirects JSON {from, to, status} -> 201 the rule as stored (its target collapsed when
 *      it pointed into another rule's chain) | 400 {success:false, message, errors} (a loop is named:
 *      "This rule would make a loop: /a -> /b -> /a") | 401 | 403
 * Audited as redirect.create.
 */
import type { Route } from "./+types/api.admin.redirects";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { addRedirect, listRedirects, RedirectRefused } from "~/redirects/redirects.server";
import { redirectInputSchema } from "~/redirects/schema";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json({ redirects: await listRedirects() });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  const { staff } = await requireStaff(request, "editor");
  const input = await parseJson(request, redirectInputSchema);
  try {
    return json(await addRedirect(staff, input), { status: 201 });
  } catch (error) {
    if (error instanceof RedirectRefused) throw new ApiError(400, error.message, { errors: { from: error.message } });
    throw error;
  }
});
