/**
 * POST /api/tag-suggestions  (admin) JSON {title, content, excerpt, category}
 *   -> 200 {success: true, suggestedTags: string[]} (5-8 tags from the text itself, weighed
 *      against the other posts, preferring tags the blog already uses; see ~/utils/tag-suggestions)
 *   -> 400 {success: false, message: "Please add a title, content, or excerpt to generate tag suggestions"}
 *      when all three are empty | 401 signed out. Runs locally, no outside service.
 */
import type { Route } from "./+types/api.tag-suggestions";
import { ApiError, parseJson, json, withApi } from "~/core/api.server";
import { requireAdmin } from "~/auth/session.server";
import { tagSuggestionRequestSchema } from "~/blog/schema";
import { listPosts } from "~/blog/posts.server";
import { markdownToText } from "~/core/markdown";
import { suggestTags } from "~/blog/tag-suggestions";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  await requireAdmin(request);
  const body = await parseJson(request, tagSuggestionRequestSchema);
  const posts = await listPosts({ includeDrafts: true });
  // The post being edited is among them; its own words then count as a little more common, which is harmless.
  const corpus = posts.slice(0, 2000).map((post) => ({ text: `${post.title}. ${post.excerpt}. ${post.content}`, tags: post.tags }));
  const suggestedTags = suggestTags(
    { title: body.title, excerpt: body.excerpt, content: markdownToText(body.content), category: body.category },
    corpus,
  );
  return json({ success: true, suggestedTags });
});
