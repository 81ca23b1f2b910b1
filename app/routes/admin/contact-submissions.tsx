import type { Route } from "./+types/contact-submissions";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { SectionError } from "~/admin/components/section-error";
import { useReportedError } from "~/errors/use-reported-error";
import { submissionPageQuerySchema } from "~/forms/contact-submission";
import { contactSubmissionsPage } from "~/forms/contact-submission.server";
import { ContactSubmissionsPanel, submissionListQuery } from "~/forms/components/contact-submissions-panel";

export const meta: Route.MetaFunction = () => sectionMeta("submissions");

// The inbox's page, search and filter live in the address: each change runs this loader again.
export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "submissions");
  const query = submissionPageQuerySchema.parse(submissionListQuery(new URL(request.url).searchParams));
  return { page: await contactSubmissionsPage(query) };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("submissions")} />
      <ContactSubmissionsPanel page={loaderData.page} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportedError(error);
  return <SectionError message="Failed to load contact submissions." />;
}
