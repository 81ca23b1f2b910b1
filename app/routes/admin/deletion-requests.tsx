import type { Route } from "./+types/deletion-requests";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { DeletionRequestsPanel } from "~/privacy/components/deletion-requests-panel";
import { listDeletionRequests } from "~/privacy/deletion-requests.server";

export const meta: Route.MetaFunction = () => sectionMeta("deletions");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "deletions");
  return { requests: await listDeletionRequests() };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("deletions")} />
      <DeletionRequestsPanel requests={loaderData.requests} />
    </>
  );
}
