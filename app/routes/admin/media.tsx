import type { Route } from "./+types/media";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { MediaLibrary } from "~/blog/media/components/media-library";
import { listMedia } from "~/blog/media/media.server";

export const meta: Route.MetaFunction = () => sectionMeta("media");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "media");
  return { items: await listMedia() };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("media")} />
      <MediaLibrary items={loaderData.items} />
    </>
  );
}
