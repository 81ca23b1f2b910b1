import type { Route } from "./+types/redirects";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/redirects/api.admin.redirects";
import { SectionHeading } from "~/admin/components/admin-shell";
import { RedirectsPanel } from "~/redirects/components/redirects-panel";

export const meta: Route.MetaFunction = () => sectionMeta("redirects");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "redirects");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/redirects", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Redirects" />
      <RedirectsPanel />
    </PreloadedAnswersProvider>
  );
}
