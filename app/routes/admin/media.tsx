import type { Route } from "./+types/media";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as api } from "~/routes/blog/api.admin.media";
import { SectionHeading } from "~/admin/components/admin-shell";
import { MediaLibrary } from "~/blog/components/admin/media-library";

export const meta: Route.MetaFunction = () => sectionMeta("media");

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "media");
  return { answers: await preloadAnswers(args, [{ url: "/api/admin/media", loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Media" />
      <MediaLibrary />
    </PreloadedAnswersProvider>
  );
}
