import type { Route } from "./+types/tags";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/blog/api.admin.tags";
import { SectionHeading } from "~/admin/components/admin-shell";
import { TagsPanel } from "~/blog/components/tags-panel";

export const meta: Route.MetaFunction = () => sectionMeta("tags");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "tags");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/tags", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Tags" />
      <TagsPanel />
    </PreloadedAnswersProvider>
  );
}
