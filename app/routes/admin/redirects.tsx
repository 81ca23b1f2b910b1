import type { Route } from "./+types/redirects";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { RedirectsPanel } from "~/redirects/components/redirects-panel";
import { listRedirects } from "~/redirects/redirects.server";

export const meta: Route.MetaFunction = () => sectionMeta("redirects");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "redirects");
  return { redirects: await listRedirects() };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("redirects")} />
      <RedirectsPanel redirects={loaderData.redirects} />
    </>
  );
}
