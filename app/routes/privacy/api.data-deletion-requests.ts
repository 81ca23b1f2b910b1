import type { Route } from "./+types/api.data-deletion-requests";
import { countAcceptedForm } from "~/analytics/collect.server";
import { json, withApi } from "~/core/http/api.server";
import { DELETION_REQUEST_ACCEPTED, deletionRequestSchema } from "~/forms/deletion-request";
import { requestDataDeletion } from "~/forms/deletion-request.server";
import { readFormJson, rejectIfLimited } from "~/forms/public-form.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** A data-deletion request: stored, and a verification link e-mailed; the same answer for any address. */
export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  const input = await readFormJson(request, deletionRequestSchema);
  rejectIfLimited(
    await countAcceptedForm(await requestDataDeletion(input, context.clientIp), "deletion", "/delete-my-data", request, context.clientIp),
  );
  return json({ success: true, message: DELETION_REQUEST_ACCEPTED }, { status: 202 });
});
