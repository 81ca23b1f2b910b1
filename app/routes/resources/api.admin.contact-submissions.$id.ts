import type { Route } from "./+types/api.admin.contact-submissions.$id";
import { ApiError, json, parseId, parseJson, withApi } from "~/core/api.server";
import { requireAdmin } from "~/auth/session.server";
import { resolveSubmissionSchema } from "~/forms/contact-submission";
import { setContactSubmissionResolved } from "~/forms/contact-submission.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "PATCH" } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { admin } = await requireAdmin(request);
  if (request.method !== "PATCH") throw new ApiError(405, "Method not allowed", {}, { Allow: "PATCH" });
  const id = parseId(params.id, "Contact submission not found");
  const { isResolved } = await parseJson(request, resolveSubmissionSchema);
  const submission = await setContactSubmissionResolved(admin, id, isResolved);
  if (!submission) throw new ApiError(404, "Contact submission not found");
  return json({ success: true, submission });
});
