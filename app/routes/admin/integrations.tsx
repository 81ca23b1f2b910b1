import type { Route } from "./+types/integrations";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { IntegrationsPanel } from "~/integrations/components/integrations-panel";

export const meta: Route.MetaFunction = () => sectionMeta("integrations");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "integrations");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Integrations" />
      <IntegrationsPanel />
    </>
  );
}
