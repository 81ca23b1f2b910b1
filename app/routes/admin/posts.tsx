import type { Route } from "./+types/posts";
import { sectionMeta } from "~/admin-dashboard";
import { postWriterOf, requireSection } from "~/admin-dashboard.server";

import { BlogManagementPanel } from "~/blog/components/admin/management-panel";

export const meta: Route.MetaFunction = () => sectionMeta("posts", "Blog Management");

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "posts");
  return { writer: await postWriterOf(staff) };
}

// The panel's own heading is the section's ("Blog Management", with its "Create Post").
export default function PostsSection({ loaderData }: Route.ComponentProps) {
  return <BlogManagementPanel writer={loaderData.writer} />;
}
