import anthropic from "./crawler-ranges/anthropic.json";
import applebot from "./crawler-ranges/applebot.json";
import googlebot from "./crawler-ranges/googlebot.json";
import openaiGptbot from "./crawler-ranges/openai-gptbot.json";
import openaiSearchbot from "./crawler-ranges/openai-searchbot.json";
import type { Crawler, RangeListName } from "./crawlers";
import { inRanges, parseCidr, type Cidr } from "./ip-ranges";

/**
 * Whether a request naming a crawler came from the addresses its operator publishes. The lists are
 * data files (./crawler-ranges/*.json, each with its source and the date the operator stamped on it),
 * refreshed with `node scripts/refresh-crawler-ranges.mjs`. A crawler without a published list is
 * never "verified": only claimed.
 */
export type RangeList = { operator: string; source: string; takenAt: string; prefixes: string[] };

export const RANGE_LISTS: Record<RangeListName, RangeList> = {
  googlebot,
  applebot,
  anthropic,
  "openai-gptbot": openaiGptbot,
  "openai-searchbot": openaiSearchbot,
};

const compiled = new Map<RangeListName, Cidr[]>();

function rangesOf(name: RangeListName): Cidr[] {
  let ranges = compiled.get(name);
  if (!ranges) {
    ranges = RANGE_LISTS[name].prefixes.map(parseCidr).filter((c): c is Cidr => c !== null);
    compiled.set(name, ranges);
  }
  return ranges;
}

export function isVerifiedCrawler(crawler: Crawler, ip: string): boolean {
  return crawler.ranges ? inRanges(ip, rangesOf(crawler.ranges)) : false;
}
