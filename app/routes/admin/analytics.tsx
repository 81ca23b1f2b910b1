import { data } from "react-router";
import type { Route } from "./+types/analytics";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { AudiencePanel } from "~/analytics/components/audience-panel";
import { audienceQuerySchema, TAB_ROWS } from "~/analytics/report";
import { staffAudienceReport } from "~/analytics/report.server";

export const meta: Route.MetaFunction = () => sectionMeta("analytics");

// The figures of the range in the address (`?from=&to=`, else the last 7 days) are in the first HTML.
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "analytics");
  const params = new URL(request.url).searchParams;
  const range = audienceQuerySchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
  const query = range.success ? range.data : audienceQuerySchema.parse({});
  return data({ report: await staffAudienceReport(staff, { ...query, limit: TAB_ROWS }) });
}

export default function AnalyticsSection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title="Analytics" intro="Visitors to the site: who came, from where, what they read and did." />
      <AudiencePanel initial={loaderData.report} />
    </>
  );
}
