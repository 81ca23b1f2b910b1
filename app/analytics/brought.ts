import { toCsv } from "~/core/text/csv";
import type { Goal } from "./beacon";

/**
 * "What it brought" (pure): the store-button presses (`app-store`, `google-play`) and /get's answers (`get-*`)
 * of a range, by platform, source, campaign, landing page (the first page of that visitor's day) and city.
 */
export const BROUGHT_GOALS = ["app-store", "google-play", "get-ios", "get-android", "get-desktop"] as const satisfies readonly Goal[];
export type BroughtGoal = (typeof BROUGHT_GOALS)[number];

const PLATFORMS: Record<BroughtGoal, { platform: string; via: string }> = {
  "app-store": { platform: "iOS", via: "App Store button" },
  "google-play": { platform: "Android", via: "Google Play button" },
  "get-ios": { platform: "iOS", via: "/get" },
  "get-android": { platform: "Android", via: "/get" },
  "get-desktop": { platform: "Desktop", via: "/get" },
};

/** One row: `count` presses or answers, by `visitors` distinct visitors (per day, added up). Empty text: not known. */
export type BroughtRow = {
  goal: BroughtGoal;
  platform: string;
  via: string;
  source: string;
  campaign: string;
  landing: string;
  city: string;
  count: number;
  visitors: number;
};
export type BroughtReport = { from: string; to: string; rows: BroughtRow[] };

export const broughtRow = (goal: BroughtGoal, row: Omit<BroughtRow, "goal" | "platform" | "via">): BroughtRow => ({
  goal,
  ...PLATFORMS[goal],
  ...row,
});

export const BROUGHT_HEADER = ["Platform", "Via", "Source", "Campaign", "Landing page", "City", "Count", "Visitors"];
export const broughtCells = (row: BroughtRow): Array<string | number> => [
  row.platform,
  row.via,
  row.source,
  row.campaign,
  row.landing,
  row.city,
  row.count,
  row.visitors,
];

export function broughtCsv(report: BroughtReport): string {
  return toCsv(BROUGHT_HEADER, report.rows.map(broughtCells));
}
