import { describe, expect, it } from "vitest";
import { addDays, utcDay } from "~/core/text/utc-days";
import { analyticsSectionQuery } from "./section";

const read = (query: string) => analyticsSectionQuery(new URLSearchParams(query));
const lastWeek = () => ({ from: addDays(utcDay(new Date()), -6), to: utcDay(new Date()) });

describe("the Analytics section's address", () => {
  it("is the last 7 days, the newest funnel and no filter when empty (an empty field is no value)", () => {
    expect(read("")).toEqual({ range: lastWeek(), funnel: undefined, filters: {}, filterProblem: null });
    expect(read("from=&to=&funnel=&source=&campaign=&page=&device=")).toEqual(read(""));
  });

  it("holds the range, the funnel and its filters, with the funnel API's names and schemas", () => {
    expect(read("from=2026-01-01&to=2026-01-31&funnel=12&source=%20Google%20&page=/blog/*&device=mobile")).toEqual({
      range: { from: "2026-01-01", to: "2026-01-31" },
      funnel: 12,
      filters: { source: "Google", campaign: undefined, page: "/blog/*", device: "mobile" },
      filterProblem: null,
    });
  });

  it("falls back to the default range and funnel for ones that are not, and says why filters are not ones", () => {
    const bad = read("from=2026-02-30&funnel=twelve&page=faq&device=huge");
    expect(bad.range).toEqual(lastWeek());
    expect(bad.funnel).toBeUndefined();
    expect(bad.filters).toEqual({});
    expect(bad.filterProblem).toMatch(/page must be a path starting with \//);
    expect(bad.filterProblem).toMatch(/device must be one of/);
    expect(read("funnel=-3").funnel).toBeUndefined();
  });
});
