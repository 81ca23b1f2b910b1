import type { Route } from "./+types/api.admin.contact-submissions.csv";
import { withApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { submissionStatusSchema } from "~/utils/contact-submission";
import { contactSubmissionsCsv, listContactSubmissions } from "~/utils/contact-submission.server";

/** The inbox (with the same filter as on screen) as a spreadsheet download. */
export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  const status = submissionStatusSchema.parse(new URL(request.url).searchParams.get("status") ?? "all");
  const csv = contactSubmissionsCsv(await listContactSubmissions(status));
  const day = new Date().toISOString().slice(0, 10);
  // A BOM so Excel reads the file as UTF-8.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contact-submissions-${status}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
