import type { Route } from "./+types/integrations";
import { sectionMeta } from "~/admin-dashboard";
import { preloadAnswers, requireSection } from "~/admin-dashboard.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/integrations/api.admin.integrations";
import { SectionHeading } from "~/admin/components/admin-shell";
import { IntegrationsPanel } from "~/integrations/components/integrations-panel";

export const meta: Route.MetaFunction = () => sectionMeta("integrations");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "integrations");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/integrations", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Integrations" />
      <IntegrationsPanel />
    </PreloadedAnswersProvider>
  );
}
