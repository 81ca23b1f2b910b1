import type { Route } from "./+types/broadcasts";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/audience/api.admin.broadcasts";
import { SectionHeading } from "~/admin/components/admin-shell";
import { BroadcastsPanel } from "~/audience/components/broadcasts-panel";
import { PostMailingsPanel } from "~/audience/components/post-mailings-panel";

export const meta: Route.MetaFunction = () => sectionMeta("broadcasts");

// Editors write and test; administrators and the owner send (the API checks each call).
export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "broadcasts");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/broadcasts", loader: api }]) };
}

export default function BroadcastsSection({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Broadcasts" />
      <BroadcastsPanel />
      <PostMailingsPanel />
    </PreloadedAnswersProvider>
  );
}
