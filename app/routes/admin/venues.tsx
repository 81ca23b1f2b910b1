import type { Route } from "./+types/venues";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { AdminVenuesPanel } from "~/venues/components/admin-venues-panel";

export const meta: Route.MetaFunction = () => sectionMeta("venues");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "venues");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Venues" />
      <AdminVenuesPanel />
    </>
  );
}
