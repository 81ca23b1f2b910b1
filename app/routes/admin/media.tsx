import type { Route } from "./+types/media";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { MediaLibrary } from "~/blog/components/admin/media-library";

export const meta: Route.MetaFunction = () => sectionMeta("media");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "media");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Media" />
      <MediaLibrary />
    </>
  );
}
