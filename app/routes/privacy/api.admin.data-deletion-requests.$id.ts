// Role needed: administrator (deletion requests).
import type { Route } from "./+types/api.admin.data-deletion-requests.$id";
import { ApiError, json, parseId, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { deletionStatusUpdateSchema } from "~/forms/deletion-request";
import { completeDeletionRequest } from "~/forms/deletion-request.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "PATCH" } });

/** The admin marks a confirmed deletion request completed; the requester is e-mailed. */
export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff: admin } = await requireStaff(request, "administrator");
  if (request.method !== "PATCH") throw new ApiError(405, "Method not allowed", {}, { Allow: "PATCH" });
  const id = parseId(params.id, "Deletion request not found");
  await parseJson(request, deletionStatusUpdateSchema);
  const outcome = await completeDeletionRequest(admin, id);
  if (outcome === "not_found") throw new ApiError(404, "Deletion request not found");
  if (outcome === "not_verified")
    throw new ApiError(409, "Only a confirmed deletion request that is not completed yet can be marked completed");
  return json({ success: true, message: "Deletion marked completed; the requester has been e-mailed." });
});
