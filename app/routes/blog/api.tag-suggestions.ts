/**
 * POST /api/tag-suggestions  (admin) JSON {title, content, excerpt, category}
 *   -> 200 {success: true, suggestedTags: string[]} (5-8 tags from the text itself, weighed
 *      against the other posts, preferring tags the blog already uses; see ~/utils/tag-suggestions)
 *   -> 400 {success: false, message: "Please add a title, content, or excerpt to generate tag suggestions"}
 *      when all three are empty | 401 signed out. Runs locally, no outside service.
 */
import type { Route } from "./+types/api.tag-suggestions";
import { ApiError, parseJson, json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { tagSuggestionRequestSchema } from "~/blog/post/schema";
import { listPosts } from "~/blog/post/posts.server";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  await requireStaff(request, "contributor");
  const body = await parseJson(request, tagSuggestionRequestSchema);
  const posts = await listPosts({ includeDrafts: true });
  // The post being edited is among them; its own words then count as a little more common, which is harmless.
  const corpus = posts.slice(0, 2000).map((post) => ({ text: `${post.title}. ${post.excerpt}. ${post.content}`, tags: post.tags }));
  // Loaded on demand so that it stays a chunk of its own, which the worker thread runs.
  const { suggestTagsOffThread } = await import("~/blog/writing/text-work.server");
  const suggestedTags = await suggestTagsOffThread(
    { title: body.title, excerpt: body.excerpt, content: body.content, category: body.category },
    corpus,
  );
  if (!suggestedTags) throw new ApiError(422, "This text takes too long to read for tag suggestions. Please add tags by hand.");
  return json({ success: true, suggestedTags });
});

export const loader = methodNotAllowed("POST");
