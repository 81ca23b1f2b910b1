import type { Goal } from "./beacon";
import type { Source } from "./sources";

/**
 * A counted page view (no goal) or goal event, as the collector keeps it until its batch is written.
 * `source` is absent for a navigation inside the site (its referrer is the site): it counts in no source.
 * `sourceSaid`: the event named where it came from (a referrer or utm_*); a goal press names none, so its
 * visit step keeps no source (its "Direct" would hide the landing page's). `visitor` and `address` are the
 * day's salted hashes of the client (./counting.server.ts). `at`: when it came, in microseconds since 1970
 * (the order of a visitor's steps; a folded hit keeps its first). `city`: what a goal said.
 */
export type Hit = {
  day: string;
  visitor: string;
  address: string;
  at: number;
  path: string;
  source?: Source;
  sourceSaid: boolean;
  campaign?: string;
  screen?: string;
  goal?: Goal;
  city?: string;
  views: number;
};

/** The dimensions of analytics_daily (app/db/schema/analytics.ts). */
type Dimension = "site" | "page" | "source" | "campaign" | "screen" | "ai-page" | "goal" | "goal-page" | "goal-source";
export type Figure = { dimension: Dimension; key: string };

const sourceKey = (source: Source): string => `${source.kind}\t${source.name}`;

/**
 * The figures a hit counts in (pure): a page view in the site's, its page's, its source's, its campaign's
 * and screen class's, and its page's AI-referred figure when an AI assistant sent it; a goal event in the
 * goal's, the goal on that page's and the goal from that source's.
 */
export function figuresOf(hit: Hit): Figure[] {
  const source = hit.source;
  if (hit.goal) {
    const figures: Figure[] = [
      { dimension: "goal", key: hit.goal },
      { dimension: "goal-page", key: `${hit.goal}\t${hit.path}` },
    ];
    if (source) figures.push({ dimension: "goal-source", key: `${hit.goal}\t${sourceKey(source)}` });
    return figures;
  }
  const figures: Figure[] = [
    { dimension: "site", key: "" },
    { dimension: "page", key: hit.path },
  ];
  if (source) figures.push({ dimension: "source", key: sourceKey(source) });
  if (hit.campaign) figures.push({ dimension: "campaign", key: hit.campaign });
  if (hit.screen) figures.push({ dimension: "screen", key: hit.screen });
  if (source?.kind === "ai") figures.push({ dimension: "ai-page", key: hit.path });
  return figures;
}
