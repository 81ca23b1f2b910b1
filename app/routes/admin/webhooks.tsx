import type { Route } from "./+types/webhooks";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/webhooks/api.admin.webhooks";
import { SectionHeading } from "~/admin/components/admin-shell";
import { WebhooksPanel } from "~/webhooks/components/webhooks-panel";

export const meta: Route.MetaFunction = () => sectionMeta("webhooks");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "webhooks");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/webhooks", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Webhooks" />
      <WebhooksPanel />
    </PreloadedAnswersProvider>
  );
}
