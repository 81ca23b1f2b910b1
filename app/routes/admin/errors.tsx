import type { Route } from "./+types/errors";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/errors/api.admin.errors";
import { SectionHeading } from "~/admin/components/admin-shell";
import { ErrorsPanel } from "~/errors/components/errors-panel";

export const meta: Route.MetaFunction = () => sectionMeta("errors");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "errors");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/errors", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Errors" />
      <ErrorsPanel />
    </PreloadedAnswersProvider>
  );
}
