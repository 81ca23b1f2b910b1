import type { Route } from "./+types/venues";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { AdminVenuesPanel } from "~/venues/components/admin-venues-panel";
import { listAdminVenues } from "~/venues/venues.server";

export const meta: Route.MetaFunction = () => sectionMeta("venues");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "venues");
  return { venues: await listAdminVenues() };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("venues")} />
      <AdminVenuesPanel venues={loaderData.venues} />
    </>
  );
}
