import type { Route } from "./+types/contact-submissions";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { ContactSubmissionsPanel } from "~/forms/components/contact-submissions-panel";

export const meta: Route.MetaFunction = () => sectionMeta("submissions");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "submissions");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Contact Submissions" />
      <ContactSubmissionsPanel />
    </>
  );
}
