import type { Route } from "./+types/api.admin.contact-submissions.csv";
import { withApi, methodNotAllowed } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { submissionStatusSchema } from "~/forms/contact-submission";
import { contactSubmissionsCsv, listContactSubmissions } from "~/forms/contact-submission.server";
import { utcDay } from "~/core/text/utc-days";

/** The inbox (with the same filter as on screen) as a spreadsheet download. */
export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  const status = submissionStatusSchema.parse(new URL(request.url).searchParams.get("status") ?? "all");
  const csv = contactSubmissionsCsv(await listContactSubmissions(status));
  const day = utcDay(Date.now());
  // A BOM so Excel reads the file as UTF-8.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contact-submissions-${status}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});

export const action = methodNotAllowed("GET");
