/**
 * PATCH  /api/admin/contact-submissions/{id}  (admin) {isResolved?: boolean, internalNote?: string|null}
 *        -> 200 {success, submission} | 400 | 404
 * DELETE /api/admin/contact-submissions/{id}  (admin) -> 200 {success: true} | 404 | 409 (a verified deletion request)
 * Every change is written to the audit log.
 */
import type { Route } from "./+types/api.admin.contact-submissions.$id";
import { ApiError, json, parseId, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { resolveSubmissionSchema } from "~/forms/contact-submission";
import { deleteContactSubmission, updateContactSubmission } from "~/forms/contact-submission.server";

const ALLOW = "PATCH, DELETE";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: ALLOW } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff: admin } = await requireStaff(request, "administrator");
  if (request.method !== "PATCH" && request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: ALLOW });
  const id = parseId(params.id, "Contact submission not found");
  if (request.method === "DELETE") {
    const outcome = await deleteContactSubmission(admin, id);
    if (outcome === "not_found") throw new ApiError(404, "Contact submission not found");
    if (outcome === "open_deletion_request") {
      throw new ApiError(
        409,
        "This is a confirmed data deletion request: it cannot be deleted until it is marked completed (completing it erases the card).",
      );
    }
    return json({ success: true });
  }
  const change = await parseJson(request, resolveSubmissionSchema);
  const submission = await updateContactSubmission(admin, id, change);
  if (!submission) throw new ApiError(404, "Contact submission not found");
  return json({ success: true, submission });
});
