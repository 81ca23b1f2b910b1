/**
 * The search and AI crawlers the site knows, recognised by the token their operators document for
 * their user agent (and for robots.txt). Pure: the request observer, robots.txt, the stats and the
 * admin page all read this one list.
 *
 * Each entry also says how a request naming the crawler can be told from one that only claims the
 * name, as its operator documents it:
 * - `ranges`: the operator publishes the addresses it crawls from (a dated copy in ./crawler-ranges,
 *   refreshed by `node scripts/refresh-crawler-ranges.mjs`);
 * - `reverseDns`: the operator names the domains its crawlers' addresses resolve to, for
 *   forward-confirmed reverse DNS (the address's PTR name ends in one of them and that name resolves
 *   back to the address; see ./reverse-dns.ts). Done off the request path, in the crawler log's writer.
 * Either one verifies. Two crawlers have neither and are only ever "claimed":
 * - Bytespider: ByteDance publishes no crawler page, no address list and no DNS name;
 * - meta-externalagent: Meta publishes no address list or DNS name for its crawlers, only that they
 *   come from its autonomous system (AS32934), to be looked up in a routing registry.
 */
type CrawlerKind = "search" | "ai";

export type Crawler = {
  /** The token in the user agent and in robots.txt, as the operator writes it. */
  name: string;
  operator: string;
  kind: CrawlerKind;
  /** Which published range list verifies it (a file in ./crawler-ranges), when the operator publishes one. */
  ranges?: RangeListName;
  /** The domains the operator documents for its crawlers' reverse DNS names, when it documents them. */
  reverseDns?: readonly string[];
};

export type RangeListName =
  | "googlebot"
  | "bingbot"
  | "applebot"
  | "duckduckbot"
  | "openai-gptbot"
  | "openai-searchbot"
  | "openai-chatgpt-user"
  | "anthropic"
  | "perplexitybot"
  | "perplexity-user"
  | "ccbot";

const APPLE_DNS = ["applebot.apple.com"];

export const KNOWN_CRAWLERS: readonly Crawler[] = [
  // developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests
  { name: "Googlebot", operator: "Google", kind: "search", ranges: "googlebot", reverseDns: ["googlebot.com", "google.com"] },
  // bing.com/webmasters/help/how-to-verify-bingbot-3905dc26
  { name: "Bingbot", operator: "Microsoft", kind: "search", ranges: "bingbot", reverseDns: ["search.msn.com"] },
  // support.apple.com/en-us/119829
  { name: "Applebot", operator: "Apple", kind: "search", ranges: "applebot", reverseDns: APPLE_DNS },
  // duckduckgo.com/duckduckgo-help-pages/results/duckduckbot: a list of addresses, no DNS name.
  { name: "DuckDuckBot", operator: "DuckDuckGo", kind: "search", ranges: "duckduckbot" },
  // yandex.com/support/webmaster/robot-workings/check-yandex-robots.html: no address list.
  { name: "YandexBot", operator: "Yandex", kind: "search", reverseDns: ["yandex.ru", "yandex.net", "yandex.com"] },
  { name: "GPTBot", operator: "OpenAI", kind: "ai", ranges: "openai-gptbot" },
  { name: "OAI-SearchBot", operator: "OpenAI", kind: "ai", ranges: "openai-searchbot" },
  { name: "ChatGPT-User", operator: "OpenAI", kind: "ai", ranges: "openai-chatgpt-user" },
  { name: "ClaudeBot", operator: "Anthropic", kind: "ai", ranges: "anthropic" },
  { name: "Claude-User", operator: "Anthropic", kind: "ai", ranges: "anthropic" },
  { name: "Claude-SearchBot", operator: "Anthropic", kind: "ai", ranges: "anthropic" },
  { name: "PerplexityBot", operator: "Perplexity", kind: "ai", ranges: "perplexitybot" },
  { name: "Perplexity-User", operator: "Perplexity", kind: "ai", ranges: "perplexity-user" },
  // commoncrawl.org/ccbot: the list, and FCrDNS to *.crawl.commoncrawl.org as well.
  { name: "CCBot", operator: "Common Crawl", kind: "ai", ranges: "ccbot", reverseDns: ["crawl.commoncrawl.org"] },
  { name: "Bytespider", operator: "ByteDance", kind: "ai" },
  // developer.amazon.com/amazonbot: its address lists are web pages, not files; DNS is documented.
  { name: "Amazonbot", operator: "Amazon", kind: "ai", reverseDns: ["crawl.amazonbot.amazon"] },
  { name: "meta-externalagent", operator: "Meta", kind: "ai" },
  { name: "Applebot-Extended", operator: "Apple", kind: "ai", ranges: "applebot", reverseDns: APPLE_DNS },
];

const byLowerName = new Map(KNOWN_CRAWLERS.map((c) => [c.name.toLowerCase(), c]));

// One alternation, longest names first so "Applebot-Extended" wins over "Applebot" and
// "Claude-SearchBot" is not read as something shorter. A token must not be glued to a longer word.
const tokens = [...KNOWN_CRAWLERS].map((c) => c.name).sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
const pattern = new RegExp(`(?<![\\w-])(${tokens.map(escape).join("|")})(?![\\w-])`, "i");

/** The known crawler a user agent names, or null. Runs on every response: one precompiled regex. */
export function recognizeCrawler(userAgent: string): Crawler | null {
  if (!userAgent) return null;
  const match = pattern.exec(userAgent);
  return match ? (byLowerName.get(match[1]!.toLowerCase()) ?? null) : null;
}

export function crawlerNamed(name: string): Crawler | undefined {
  return byLowerName.get(name.toLowerCase());
}

export const AI_CRAWLERS = KNOWN_CRAWLERS.filter((c) => c.kind === "ai");
export const SEARCH_CRAWLERS = KNOWN_CRAWLERS.filter((c) => c.kind === "search");
