import type { StaffRole } from "~/auth/roles";
import { broughtReport } from "./brought.server";
import { funnelReport, listFunnels } from "./funnels.server";
import { seesSiteFigures, TAB_ROWS } from "./report";
import { staffAnalyticsReport } from "./report.server";
import type { AnalyticsSection, AnalyticsSectionQuery, FunnelsView } from "./section";

/**
 * The funnels for the section: the list (GET /api/admin/analytics/funnels's), the one the address chose (else
 * the newest, as when it was deleted since) and its figures for the range and filters (the funnel API's
 * `funnelReport`), so the page and the API answer with one function each.
 */
async function funnelsView({ range, funnel, filters, filterProblem }: AnalyticsSectionQuery): Promise<FunnelsView> {
  const funnels = await listFunnels();
  const chosen = funnels.find((f) => f.id === funnel) ?? funnels[0];
  if (!chosen) return { funnels, chosen: null, figures: null, problem: null };
  if (filterProblem) return { funnels, chosen: chosen.id, figures: null, problem: filterProblem };
  return { funnels, chosen: chosen.id, figures: await funnelReport(chosen.id, range.from, range.to, filters), problem: null };
}

/**
 * What the Analytics section shows `staff` for its address: the range's figures (an author's own posts' pages
 * only), and for editors and up "What it brought" and the funnels; below that they are not read at all.
 */
export async function analyticsSection(staff: { id: number; role: StaffRole }, query: AnalyticsSectionQuery): Promise<AnalyticsSection> {
  const { from, to } = query.range;
  const site = seesSiteFigures(staff.role);
  const [report, brought, funnels] = await Promise.all([
    staffAnalyticsReport(staff, { from, to, limit: TAB_ROWS }),
    site ? broughtReport(from, to) : null,
    site ? funnelsView(query) : null,
  ]);
  return { report, brought, funnels };
}
