import type { Route } from "./+types/deletion-requests";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/privacy/api.admin.data-deletion-requests";
import { SectionHeading } from "~/admin/components/admin-shell";
import { DeletionRequestsPanel } from "~/privacy/components/deletion-requests-panel";

export const meta: Route.MetaFunction = () => sectionMeta("deletions");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "deletions");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/data-deletion-requests", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Deletion requests" />
      <DeletionRequestsPanel />
    </PreloadedAnswersProvider>
  );
}
