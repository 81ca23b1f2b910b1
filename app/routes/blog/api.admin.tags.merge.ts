/**
 * Role needed: editor.
 * POST /api/admin/tags/merge  (admin) JSON {from: slug[], into: slug} -> 200 {success: true, tag, posts}
 *      every post tagged with one of `from` carries `into` instead (once); the `from` tags are gone
 *      -> 400 | 404 a tag not found | 401
 * Audited as tag.merge.
 */
import type { Route } from "./+types/api.admin.tags.merge";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { mergeTags } from "~/blog/writing/tag-admin.server";
import { translateTagErrors } from "~/blog/writing/tag-api.server";
import { tagMergeSchema } from "~/blog/post/tags";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const { staff: admin } = await requireStaff(request, "editor");
  const input = await parseJson(request, tagMergeSchema);
  return json({ success: true, ...(await translateTagErrors(() => mergeTags(admin, input))) });
});

export const loader = methodNotAllowed("POST");
