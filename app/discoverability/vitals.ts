import { z } from "~/core/text/zod";

/**
 * Core Web Vitals from real visitors, pure: Google's thresholds, the rating of a 75th percentile,
 * and the beacon's shape (what the browser script sends to POST /api/vitals).
 */
export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
/** The three that make up the Core Web Vitals assessment; FCP and TTFB are diagnostic. */
const CORE_VITALS: readonly VitalName[] = ["LCP", "INP", "CLS"];

export type VitalRating = "Good" | "Needs Improvement" | "Poor";
export const NO_DATA = "No data";

/** Good up to `good`, Poor above `poor` (web.dev/articles/vitals); ms except CLS (unitless). */
export const VITAL_THRESHOLDS: Record<VitalName, { good: number; poor: number; unit: "ms" | "" }> = {
  LCP: { good: 2500, poor: 4000, unit: "ms" },
  INP: { good: 200, poor: 500, unit: "ms" },
  CLS: { good: 0.1, poor: 0.25, unit: "" },
  FCP: { good: 1800, poor: 3000, unit: "ms" },
  TTFB: { good: 800, poor: 1800, unit: "ms" },
};

export function rateVital(name: VitalName, p75: number): VitalRating {
  const t = VITAL_THRESHOLDS[name];
  return p75 <= t.good ? "Good" : p75 <= t.poor ? "Needs Improvement" : "Poor";
}

const ORDER: VitalRating[] = ["Good", "Needs Improvement", "Poor"];

/** A page (or the site) is as good as its worst core vital with data; "No data" without any. */
export function overallRating(p75s: Partial<Record<VitalName, number>>): VitalRating | typeof NO_DATA {
  const ratings = CORE_VITALS.filter((n) => p75s[n] !== undefined).map((n) => rateVital(n, p75s[n]!));
  if (ratings.length === 0) return NO_DATA;
  return ratings.reduce((worst, r) => (ORDER.indexOf(r) > ORDER.indexOf(worst) ? r : worst), "Good" as VitalRating);
}

/** Upper bounds well past anything real, so a forged beacon cannot skew the percentile much. */
const MAX_VALUE: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 50, FCP: 120_000, TTFB: 120_000 };

export const vitalsBeaconSchema = z.strictObject({
  page: z
    .string({ error: "page must be a path" })
    .max(300, "page is too long")
    .regex(/^\/[^\s?#]*$/, "page must be a path starting with /"),
  metrics: z
    .array(
      z
        .strictObject({
          name: z.enum(VITAL_NAMES, { error: "name must be one of LCP, INP, CLS, FCP, TTFB" }),
          value: z.number().finite().min(0, "value must not be negative"),
        })
        .refine((m) => m.value <= MAX_VALUE[m.name], { message: "value is out of range", path: ["value"] }),
    )
    .min(1, "send at least one metric")
    .max(10, "send at most 10 metrics")
    // One sample per metric per page view: a beacon naming a metric twice is not a measurement.
    .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, "send each metric once"),
});
export type VitalsBeacon = z.output<typeof vitalsBeaconSchema>;
