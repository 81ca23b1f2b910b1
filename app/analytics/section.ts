import { rowIdFrom } from "~/core/text/row-id";
import type { BroughtReport } from "./brought";
import { funnelFiltersSchema, type Funnel, type FunnelFilters, type FunnelReport } from "./funnels";
import { analyticsQuerySchema, type AnalyticsReport } from "./report";

/**
 * The Analytics section's address (decision 0095): the range, the funnel chosen and its filters
 * (`?from=&to=&funnel=&source=&campaign=&page=&device=`, the funnel API's own names). Read by the section's
 * loader and written by its panels (useListParams), so a reload or a shared link shows the same figures.
 */
export const FUNNEL_PARAMS = { funnel: "funnel", source: "source", campaign: "campaign", page: "page", device: "device" };
export const NO_FUNNEL_PARAMS = { funnel: "", source: "", campaign: "", page: "", device: "" };
export const RANGE_PARAMS = { from: "from", to: "to" };
export const NO_RANGE_PARAMS = { from: "", to: "" };

export type AnalyticsSectionQuery = {
  range: { from: string; to: string };
  /** The funnel asked for (none, or one since deleted: the newest is shown). */
  funnel: number | undefined;
  filters: FunnelFilters;
  /** Why the filters in the address are not ones (the schema's words), shown in place of the figures. */
  filterProblem: string | null;
};

/** The section's address read with the API's schemas; an empty value is no value, a bad range or funnel the default. */
export function analyticsSectionQuery(search: URLSearchParams): AnalyticsSectionQuery {
  const given = (name: string) => search.get(name) || undefined;
  const range = analyticsQuerySchema.safeParse({ from: given(RANGE_PARAMS.from), to: given(RANGE_PARAMS.to) });
  const filters = funnelFiltersSchema.safeParse({
    source: given(FUNNEL_PARAMS.source),
    campaign: given(FUNNEL_PARAMS.campaign),
    page: given(FUNNEL_PARAMS.page),
    device: given(FUNNEL_PARAMS.device),
  });
  const { from, to } = range.success ? range.data : analyticsQuerySchema.parse({});
  return {
    range: { from, to },
    // An id as the API reads one in its path (parseId).
    funnel: rowIdFrom(given(FUNNEL_PARAMS.funnel)) ?? undefined,
    filters: filters.success ? filters.data : {},
    filterProblem: filters.success ? null : filters.error.issues.map((issue) => issue.message).join("; "),
  };
}

/** The funnels as the section shows them: every one, the one chosen, and its figures (null: a filter is not one). */
export type FunnelsView = { funnels: Funnel[]; chosen: number | null; figures: FunnelReport | null; problem: string | null };

/** What the section's loader gives its panels: site-wide parts (funnels, "What it brought") null below editor. */
export type AnalyticsSection = { report: AnalyticsReport; brought: BroughtReport | null; funnels: FunnelsView | null };
