import type { Route } from "./+types/deletion-requests";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { DeletionRequestsPanel } from "~/privacy/components/deletion-requests-panel";

export const meta: Route.MetaFunction = () => sectionMeta("deletions");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "deletions");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Deletion requests" />
      <DeletionRequestsPanel />
    </>
  );
}
