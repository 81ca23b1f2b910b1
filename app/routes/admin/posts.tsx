import type { Route } from "./+types/posts";
import { sectionMeta } from "~/admin/sections";
import { postWriterOf, preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { keepLoaderForListChanges } from "~/admin/revalidation";
import { BlogManagementPanel, postListAddress } from "~/blog/components/admin/management-panel";
import { loader as api } from "~/routes/blog/api.admin.posts";

export const meta: Route.MetaFunction = () => sectionMeta("posts", "Blog Management");

// The list's page, search and filter live in the address; the panel asks for each change itself.
export const shouldRevalidate = keepLoaderForListChanges;

export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireSection(args.request, "posts");
  const url = postListAddress(new URL(args.request.url).searchParams);
  const [writer, answers] = await Promise.all([postWriterOf(staff), preloadAnswers(args, [{ url, loader: api }])]);
  return { writer, answers };
}

// The panel's own heading is the section's ("Blog Management", with its "Create Post").
export default function PostsSection({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <BlogManagementPanel writer={loaderData.writer} />
    </PreloadedAnswersProvider>
  );
}
