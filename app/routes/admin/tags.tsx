import type { Route } from "./+types/tags";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { TagsPanel } from "~/blog/components/tags-panel";

export const meta: Route.MetaFunction = () => sectionMeta("tags");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "tags");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Tags" />
      <TagsPanel />
    </>
  );
}
