import type { Route } from "./+types/posts";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { postWriterOf, requireSection } from "~/admin-sections.server";
import { SectionError } from "~/admin/components/section-error";
import { useReportedError } from "~/errors/use-reported-error";
import { postsListFor } from "~/blog/writing/admin-listing.server";
import { BlogManagementPanel, postListQuery } from "~/blog/editor/management-panel";
import { adminPostQuerySchema } from "~/blog/post/admin-list";

export const meta: Route.MetaFunction = () => sectionMeta("posts", sectionHeading("posts"));

// The list's page, search, filter and sort live in the address: each change runs this loader again.
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "posts");
  const query = adminPostQuerySchema.parse(postListQuery(new URL(request.url).searchParams));
  const [writer, page] = await Promise.all([postWriterOf(staff), postsListFor(staff, query)]);
  return { writer, page };
}

// The panel's own heading is the section's ("Blog Management", with its "Create Post").
export default function PostsSection({ loaderData }: Route.ComponentProps) {
  return <BlogManagementPanel writer={loaderData.writer} page={loaderData.page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportedError(error);
  return <SectionError message="Error loading blog posts. Please try again later." />;
}
