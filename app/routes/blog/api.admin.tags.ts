/**
 * Role needed: editor.
 * GET  /api/admin/tags  (admin) -> 200 AdminTag[]: every tag posts use (drafts included) or that has a record
 * POST /api/admin/tags  (admin) JSON {name, description?} -> 201 {success: true, tag} | 400 | 409 exists | 401
 * Audited as tag.create.
 */
import type { Route } from "./+types/api.admin.tags";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { listTagsForAdmin, createTag } from "~/blog/writing/tag-admin.server";
import { translateTagErrors } from "~/blog/writing/tag-api.server";
import { tagCreateSchema } from "~/blog/post/tags";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json(await listTagsForAdmin(), { headers: { "Cache-Control": "no-store" } });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const { staff: admin } = await requireStaff(request, "editor");
  const input = await parseJson(request, tagCreateSchema);
  return json({ success: true, tag: await translateTagErrors(() => createTag(admin, input)) }, { status: 201 });
});
