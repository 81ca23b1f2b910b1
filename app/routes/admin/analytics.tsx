import { data } from "react-router";
import type { Route } from "./+types/analytics";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { AnalyticsPanel } from "~/analytics/components/analytics-panel";
import { analyticsQuerySchema, TAB_ROWS } from "~/analytics/report";
import { staffAnalyticsReport } from "~/analytics/report.server";

export const meta: Route.MetaFunction = () => sectionMeta("analytics");

// The figures of the range in the address (`?from=&to=`, else the last 7 days) are in the first HTML.
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "analytics");
  const params = new URL(request.url).searchParams;
  const range = analyticsQuerySchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
  const query = range.success ? range.data : analyticsQuerySchema.parse({});
  return data({ report: await staffAnalyticsReport(staff, { ...query, limit: TAB_ROWS }) });
}

export default function AnalyticsSection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("analytics")} intro="Visitors to the site: who came, from where, what they read and did." />
      <AnalyticsPanel report={loaderData.report} />
    </>
  );
}
