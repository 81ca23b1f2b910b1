import type { Route } from "./+types/api.admin.contact-submissions";
import { json, withApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { submissionStatusSchema } from "~/utils/contact-submission";
import { listContactSubmissions } from "~/utils/contact-submission.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  const status = submissionStatusSchema.parse(new URL(request.url).searchParams.get("status") ?? "all");
  return json(await listContactSubmissions(status));
});
