import type { Route } from "./+types/import-export";
import { sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { ContentPanel } from "~/blog/transfer/components/content-panel";

export const meta: Route.MetaFunction = () => sectionMeta("content");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "content");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Import & export" />
      <ContentPanel />
    </>
  );
}
