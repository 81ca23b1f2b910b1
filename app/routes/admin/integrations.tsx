import type { Route } from "./+types/integrations";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/integrations/api.admin.integrations";
import { loader as appLinksApi } from "~/routes/install/api.admin.app-links";
import { SectionHeading } from "~/admin/components/admin-shell";
import { IntegrationsPanel } from "~/integrations/components/integrations-panel";
import { AppLinksPanel } from "~/install/components/app-links-panel";

export const meta: Route.MetaFunction = () => sectionMeta("integrations");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "integrations");
  return {
    answers: await preloadAnswers(args, [
      { url: "/api/admin/integrations", loader: api },
      { url: "/api/admin/app-links", loader: appLinksApi },
    ]),
  };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Integrations" />
      <div className="grid gap-12">
        <IntegrationsPanel />
        <AppLinksPanel />
      </div>
    </PreloadedAnswersProvider>
  );
}
