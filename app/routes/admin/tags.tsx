import type { Route } from "./+types/tags";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { listTagsForAdmin } from "~/blog/writing/tag-admin.server";
import { TagsPanel } from "~/blog/writing/components/tags-panel";

export const meta: Route.MetaFunction = () => sectionMeta("tags");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "tags");
  return { tags: await listTagsForAdmin() };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("tags")} />
      <TagsPanel tags={loaderData.tags} />
    </>
  );
}
