import type { Route } from "./+types/integrations";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { IntegrationsPanel } from "~/integrations/components/integrations-panel";
import { listIntegrations } from "~/integrations/integrations.server";
import { appLinksSettings } from "~/install/app-links.server";
import { AppLinksPanel } from "~/install/components/app-links-panel";

export const meta: Route.MetaFunction = () => sectionMeta("integrations");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "integrations");
  const [integrations, appLinks] = await Promise.all([listIntegrations(), appLinksSettings()]);
  return { integrations, appLinks };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("integrations")} />
      <div className="grid gap-12">
        <IntegrationsPanel integrations={loaderData.integrations} />
        <AppLinksPanel data={loaderData.appLinks} />
      </div>
    </>
  );
}
