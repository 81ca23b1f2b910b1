import { data } from "react-router";
import type { Route } from "./+types/post-editor";
import { section, sectionMeta } from "~/admin-sections";
import { postWriterOf, requireSection } from "~/admin-sections.server";
import { canEditPost } from "~/auth/roles";
import { PostEditorPage } from "~/blog/editor/post-editor-page";
import { findPost, toDto } from "~/blog/post/posts.server";
import { FULL_PAGE_HANDLE } from "~/admin/components/admin-frame";
import { renderMarkdownBounded } from "~/core/markdown/markdown-work.server";

// The editor takes the whole window: no bar, no navigation beside it (it closes back to the list).
export const handle = FULL_PAGE_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  sectionMeta("posts", loaderData?.post ? `Edit Post: ${loaderData.post.title}` : "Create Post");

/** /admin/posts/new and /admin/posts/:id: a post the member may edit (decision 0012), else 404 as the API says. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "posts");
  const writer = await postWriterOf(staff);
  if (params.id === undefined) return { post: null, writer };
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : NaN;
  const post = Number.isSafeInteger(id) ? await findPost(id) : null;
  if (!post || !canEditPost(staff, post)) throw data("Blog post not found", { status: 404 });
  // The preview's first HTML, on the bounded worker: some Markdown costs minutes on the request's thread.
  const preview = { source: post.content, ...(await renderMarkdownBounded(post.content)) };
  return { post: toDto(post), writer, preview };
}

export default function PostEditor({ loaderData }: Route.ComponentProps) {
  const { post, writer } = loaderData;
  const preview = "preview" in loaderData ? loaderData.preview : undefined;
  // A new post keeps its own editor (the key), so "Create Post" after a save starts empty.
  return <PostEditorPage key={post?.id ?? "new"} post={post} writer={writer} preview={preview} list={section("posts").path} />;
}
