import type { Route } from "./+types/broadcasts";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { BroadcastsPanel } from "~/audience/components/broadcasts-panel";

export const meta: Route.MetaFunction = () => sectionMeta("broadcasts");

// Editors write and test; administrators and the owner send (the API checks each call).
export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "broadcasts");
  return null;
}

export default function BroadcastsSection() {
  return (
    <>
      <SectionHeading title="Broadcasts" />
      <BroadcastsPanel />
    </>
  );
}
