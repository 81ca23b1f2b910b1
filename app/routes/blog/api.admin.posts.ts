/**
 * GET /api/admin/posts?page=&q=&sort=newest|oldest|updated|title&status=all|published|scheduled|draft (staff: editors and up see every post, authors and contributors their own)
 *   -> 200 {items: BlogPostDto[], total, page, pageSize, pageCount, counts: {all, published, scheduled, draft}}
 * The admin's blog list, paged, searched and sorted on the server. Odd query values fall back to the defaults.
 */
import type { Route } from "./+types/api.admin.posts";
import { json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { adminPostQuerySchema } from "~/blog/post/admin-list";
import { postsListFor } from "~/blog/writing/admin-listing.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "contributor");
  const query = adminPostQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await postsListFor(staff, query));
});

// Any other method answers 405 in the API's JSON error shape.
export const action = methodNotAllowed("GET");
