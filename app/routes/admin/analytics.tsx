import { data } from "react-router";
import type { Route } from "./+types/analytics";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { AnalyticsPanel } from "~/analytics/components/analytics-panel";
import { analyticsSectionQuery } from "~/analytics/section";
import { analyticsSection } from "~/analytics/section.server";

export const meta: Route.MetaFunction = () => sectionMeta("analytics");

// The range, the funnel chosen and its filters live in the address (`?from=&to=&funnel=&source=…`, else the
// last 7 days and the newest funnel): each change runs this loader again, and the first HTML has every figure.
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "analytics");
  return data(await analyticsSection(staff, analyticsSectionQuery(new URL(request.url).searchParams)));
}

export default function AnalyticsSection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("analytics")} intro="Visitors to the site: who came, from where, what they read and did." />
      <AnalyticsPanel {...loaderData} />
    </>
  );
}
