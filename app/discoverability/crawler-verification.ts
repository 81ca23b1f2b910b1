import anthropic from "./crawler-ranges/anthropic.json";
import applebot from "./crawler-ranges/applebot.json";
import bingbot from "./crawler-ranges/bingbot.json";
import ccbot from "./crawler-ranges/ccbot.json";
import duckduckbot from "./crawler-ranges/duckduckbot.json";
import googlebot from "./crawler-ranges/googlebot.json";
import openaiChatgptUser from "./crawler-ranges/openai-chatgpt-user.json";
import openaiGptbot from "./crawler-ranges/openai-gptbot.json";
import openaiSearchbot from "./crawler-ranges/openai-searchbot.json";
import perplexityUser from "./crawler-ranges/perplexity-user.json";
import perplexitybot from "./crawler-ranges/perplexitybot.json";
import type { Crawler, RangeListName } from "./crawlers";
import { inRanges, parseCidr, type Cidr } from "~/core/network/ip-addresses";

/**
 * Whether a request naming a crawler came from the addresses its operator publishes. The lists are
 * data files (./crawler-ranges/*.json, each with its source, the date it was taken and, when it was
 * copied from a mirror, which one), refreshed with `node scripts/refresh-crawler-ranges.mjs`. This is
 * one of the two ways a crawler is verified; the other, reverse DNS, is in ./reverse-dns.ts.
 */
export type RangeList = { operator: string; source: string; takenAt: string; prefixes: string[] };

export const RANGE_LISTS: Record<RangeListName, RangeList> = {
  googlebot,
  bingbot,
  applebot,
  duckduckbot,
  anthropic,
  ccbot,
  perplexitybot,
  "perplexity-user": perplexityUser,
  "openai-gptbot": openaiGptbot,
  "openai-searchbot": openaiSearchbot,
  "openai-chatgpt-user": openaiChatgptUser,
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

export function inPublishedRanges(crawler: Crawler, ip: string): boolean {
  return crawler.ranges ? inRanges(ip, rangesOf(crawler.ranges)) : false;
}
