import type { Route } from "./+types/venues";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/venues/api.admin.venues";
import { SectionHeading } from "~/admin/components/admin-shell";
import { AdminVenuesPanel } from "~/venues/components/admin-venues-panel";

export const meta: Route.MetaFunction = () => sectionMeta("venues");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "venues");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/venues", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Venues" />
      <AdminVenuesPanel />
    </PreloadedAnswersProvider>
  );
}
