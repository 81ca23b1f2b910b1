/**
 * The search and AI crawlers the site knows, recognised by the token their operators document for
 * their user agent (and for robots.txt). Pure: the request observer, robots.txt, the stats and the
 * admin page all read this one list.
 */
export type CrawlerKind = "search" | "ai";

export type Crawler = {
  /** The token in the user agent and in robots.txt, as the operator writes it. */
  name: string;
  operator: string;
  kind: CrawlerKind;
  /** Which published range list verifies it (a file in ./crawler-ranges), when the operator publishes one. */
  ranges?: RangeListName;
};

export type RangeListName = "googlebot" | "openai-gptbot" | "openai-searchbot" | "anthropic" | "applebot";

export const KNOWN_CRAWLERS: readonly Crawler[] = [
  { name: "Googlebot", operator: "Google", kind: "search", ranges: "googlebot" },
  { name: "Bingbot", operator: "Microsoft", kind: "search" },
  { name: "Applebot", operator: "Apple", kind: "search", ranges: "applebot" },
  { name: "DuckDuckBot", operator: "DuckDuckGo", kind: "search" },
  { name: "YandexBot", operator: "Yandex", kind: "search" },
  { name: "GPTBot", operator: "OpenAI", kind: "ai", ranges: "openai-gptbot" },
  { name: "OAI-SearchBot", operator: "OpenAI", kind: "ai", ranges: "openai-searchbot" },
  { name: "ChatGPT-User", operator: "OpenAI", kind: "ai" },
  { name: "ClaudeBot", operator: "Anthropic", kind: "ai", ranges: "anthropic" },
  { name: "Claude-User", operator: "Anthropic", kind: "ai", ranges: "anthropic" },
  { name: "Claude-SearchBot", operator: "Anthropic", kind: "ai", ranges: "anthropic" },
  { name: "PerplexityBot", operator: "Perplexity", kind: "ai" },
  { name: "Perplexity-User", operator: "Perplexity", kind: "ai" },
  { name: "CCBot", operator: "Common Crawl", kind: "ai" },
  { name: "Bytespider", operator: "ByteDance", kind: "ai" },
  { name: "Amazonbot", operator: "Amazon", kind: "ai" },
  { name: "meta-externalagent", operator: "Meta", kind: "ai" },
  { name: "Applebot-Extended", operator: "Apple", kind: "ai", ranges: "applebot" },
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
