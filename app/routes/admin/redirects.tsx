import type { Route } from "./+types/redirects";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { RedirectsPanel } from "~/redirects/components/redirects-panel";

export const meta: Route.MetaFunction = () => sectionMeta("redirects");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "redirects");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Redirects" />
      <RedirectsPanel />
    </>
  );
}
