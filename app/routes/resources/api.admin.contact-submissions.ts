import type { Route } from "./+types/api.admin.contact-submissions";
import { json, withApi, methodNotAllowed } from "~/core/api.server";
import { requireAdmin } from "~/auth/session.server";
import { submissionStatusSchema } from "~/forms/contact-submission";
import { listContactSubmissions } from "~/forms/contact-submission.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  const status = submissionStatusSchema.parse(new URL(request.url).searchParams.get("status") ?? "all");
  return json(await listContactSubmissions(status));
});

export const action = methodNotAllowed("GET");
