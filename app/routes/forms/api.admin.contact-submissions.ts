/**
 * GET /api/admin/contact-submissions?status=  (admin) -> 200 ContactSubmission[] (every one, newest first)
 * GET /api/admin/contact-submissions?page=&q=&status=&sort=newest|oldest  (admin)
 *   -> 200 {items, total, page, pageSize, pageCount, counts: {all, unresolved, resolved}}: the admin list,
 *      paged, searched and sorted in the database.
 */
import type { Route } from "./+types/api.admin.contact-submissions";
import { json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { submissionPageQuerySchema, submissionStatusSchema } from "~/forms/contact-submission";
import { contactSubmissionsPage, listContactSubmissions } from "~/forms/contact-submission.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  const params = new URL(request.url).searchParams;
  if (params.has("page")) return json(await contactSubmissionsPage(submissionPageQuerySchema.parse(Object.fromEntries(params))));
  const status = submissionStatusSchema.parse(params.get("status") ?? "all");
  // The spec's contract fields only: the internal note belongs to the paged admin list.
  return json((await listContactSubmissions(status)).map(({ internalNote: _note, ...submission }) => submission));
});

export const action = methodNotAllowed("GET");
