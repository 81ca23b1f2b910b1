import { describe, expect, it } from "vitest";
import { analyticsBeaconSchema } from "./beacon";
import { funnelFigures, funnelFiltersSchema, funnelInputSchema, reachedPattern, stepsReached } from "./funnels";

/** A visitor's day as the SQL makes it: one character per row, chr(256 + the funnel steps it matches as bits; none: chr(256)). */
const dayString = (day: number[][]) =>
  day.map((matched) => String.fromCharCode(256 + matched.reduce((mask, step) => mask | (1 << step), 0))).join("");
const reachedByPattern = (day: number[][], n: number) => {
  let k = 0;
  while (k < n && new RegExp(reachedPattern(n, k + 1)).test(dayString(day))) k++;
  return k;
};

describe("a funnel's steps reached", () => {
  it("counts a step only after the one before it, each a later row (skipped, wrong order, one row for two steps)", () => {
    expect(stepsReached([[0], [1], [2]], 3)).toBe(3);
    expect(stepsReached([[0], [2]], 3)).toBe(1); // skips step 2
    expect(stepsReached([[1], [0], [2]], 3)).toBe(1); // step 2 before step 1
    expect(stepsReached([[1], [0], [1], [2]], 3)).toBe(3);
    expect(stepsReached([[0, 1]], 2)).toBe(1); // one page view is one step
    expect(
      stepsReached(
        [
          [0, 1],
          [0, 1],
        ],
        2,
      ),
    ).toBe(2);
    expect(stepsReached([], 2)).toBe(0);
  });

  it("matches the reference with the SQL's patterns, for any day of up to 8 steps", () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let trial = 0; trial < 2000; trial++) {
      const n = 2 + random(7);
      // (Rows matching no step, [], are as likely as any.)
      const day = Array.from({ length: random(12) }, () => Array.from({ length: n }, (_, s) => s).filter(() => random(3) === 0));
      expect(reachedByPattern(day, n), JSON.stringify({ n, day })).toBe(stepsReached(day, n));
    }
  });
});

describe("a funnel's definition and figures", () => {
  it("takes 2 to 8 steps, each a page pattern or a known goal, and names the field that is wrong", () => {
    const ok = funnelInputSchema.safeParse({ name: " Blog to store ", steps: [{ page: "/blog/*" }, { page: "/" }, { goal: "get-ios" }] });
    expect(ok.success && ok.data).toEqual({ name: "Blog to store", steps: [{ page: "/blog/*" }, { page: "/" }, { goal: "get-ios" }] });
    const problem = (body: unknown) => {
      const result = funnelInputSchema.safeParse(body);
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(problem({ name: "x", steps: [{ page: "/" }, { goal: "buy" }] })).toMatch(/^steps\[1\]\.goal must be one of/);
    expect(problem({ name: "x", steps: [{ page: "/a b" }, { goal: "signup" }] })).toMatch(/^steps\[0\]\.page/);
    expect(problem({ name: "x", steps: [{ page: "/a*b" }, { goal: "signup" }] })).toMatch(/^steps\[0\]\.page/);
    expect(problem({ name: "x", steps: [{ page: "/a?x=1" }, { goal: "signup" }] })).toMatch(/^steps\[0\]\.page/);
    expect(problem({ name: "x", steps: ["/", { goal: "signup" }] })).toMatch(/^steps\[0\] must be/);
    expect(problem({ name: "x", steps: [{ page: "/" }] })).toMatch(/^steps/);
    expect(problem({ name: "x".repeat(81), steps: [{ page: "/" }, { page: "/faq" }] })).toMatch(/^name/);
    expect(problem({ name: "x", steps: [{ page: "/" }, { page: "/faq" }], extra: 1 })).not.toBeNull();
  });

  it("reads the filters, refusing a bad page or device", () => {
    expect(funnelFiltersSchema.parse({ source: "", page: "/blog/*", device: "mobile" })).toEqual({
      source: undefined,
      campaign: undefined,
      page: "/blog/*",
      device: "mobile",
    });
    expect(funnelFiltersSchema.safeParse({ page: "blog" }).success).toBe(false);
    expect(funnelFiltersSchema.safeParse({ device: "watch" }).success).toBe(false);
  });

  it("gives drop-off and conversion (fractions) from the first step and from the one before", () => {
    expect(funnelFigures([{ page: "/" }, { goal: "signup" }, { goal: "app-store" }], [8, 2, 0])).toEqual([
      { label: "/", step: { page: "/" }, visitors: 8, dropOff: 0, conversion: 1, conversionFromPrevious: 1 },
      { label: "Early-adopter sign-up", step: { goal: "signup" }, visitors: 2, dropOff: 6, conversion: 0.25, conversionFromPrevious: 0.25 },
      { label: "App Store", step: { goal: "app-store" }, visitors: 0, dropOff: 2, conversion: 0, conversionFromPrevious: 0 },
    ]);
    expect(funnelFigures([{ page: "/" }, { page: "/faq" }], [0, 0]).map((s) => s.conversion)).toEqual([0, 0]);
  });

  it("lets the beacon say a goal's city, bounded, and only with a goal", () => {
    expect(analyticsBeaconSchema.safeParse({ path: "/", goal: "app-store", city: "Sydney" }).success).toBe(true);
    expect(analyticsBeaconSchema.safeParse({ path: "/", city: "Sydney" }).success).toBe(false);
    expect(analyticsBeaconSchema.safeParse({ path: "/", goal: "app-store", city: "x".repeat(81) }).success).toBe(false);
    expect(analyticsBeaconSchema.safeParse({ path: "/", goal: "app-store", city: "Sydney<" }).success).toBe(false);
  });
});
