/**
 * Role needed: editor.
 * PATCH /api/admin/tags/{slug}  (admin) JSON {name?, description?} -> 200 {success: true, tag}
 *       rename (the slug follows the name; every post with the tag is rewritten) and/or describe
 *       -> 400 | 404 | 409 another tag has that name (merge instead) | 401
 * Audited as tag.rename or tag.describe.
 */
import type { Route } from "./+types/api.admin.tags.$slug";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { updateTag } from "~/blog/writing/tag-admin.server";
import { translateTagErrors } from "~/blog/writing/tag-api.server";
import { tagUpdateSchema } from "~/blog/post/tags";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PATCH") throw new ApiError(405, "Method not allowed");
  const { staff: admin } = await requireStaff(request, "editor");
  const input = await parseJson(request, tagUpdateSchema);
  return json({ success: true, tag: await translateTagErrors(() => updateTag(admin, params.slug, input)) });
});

export const loader = methodNotAllowed("PATCH");
