import type { Route } from "./+types/contact-submissions";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { keepLoaderForListChanges } from "~/admin/revalidation";
import { loader as api } from "~/routes/forms/api.admin.contact-submissions";
import { SectionHeading } from "~/admin/components/admin-shell";
import { ContactSubmissionsPanel, submissionListAddress } from "~/forms/components/contact-submissions-panel";

export const meta: Route.MetaFunction = () => sectionMeta("submissions");

// The inbox's page, search and filter live in the address; the panel asks for each change itself.
export const shouldRevalidate = keepLoaderForListChanges;

export async function loader(args: Route.LoaderArgs) {
  await requireSection(args.request, "submissions");
  const url = submissionListAddress(new URL(args.request.url).searchParams);
  return { answers: await preloadAnswers(args, [{ url, loader: api }]) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Contact Submissions" />
      <ContactSubmissionsPanel />
    </PreloadedAnswersProvider>
  );
}
