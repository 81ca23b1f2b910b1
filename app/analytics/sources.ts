/**
 * Where visitors come from: the referrer's host (or the `utm_source` a link carries) grouped into kinds.
 * Pure; the collector and the Analytics section read this one list. Sources for each entry:
 * - AI assistants: the hosts their web apps send as referrer and the `utm_source` they add to cited links
 *   (OpenAI: "ChatGPT search ... includes utm_source=chatgpt.com", platform.openai.com/docs/bots and
 *   help.openai.com "Publishers and developers FAQ"; Perplexity, Gemini, Copilot and Claude: the hosts of
 *   their web apps as seen in browsers' Referer (Plausible's and Umami's referrer lists name the same)).
 * - Search engines: the hosts of the engines in ../discoverability/crawlers.ts (Google, Bing, DuckDuckGo,
 *   Apple is not a referrer), plus Yahoo, Ecosia, Brave, Yandex, Baidu, Qwant, Startpage (Matomo's
 *   searchengine list, github.com/matomo-org/searchengine-and-social-list).
 * - Social networks: Matomo's social list, the networks a drinking app is shared on.
 * - E-mail: `utm_medium=email` (our own mail links carry it) and web-mail hosts.
 * Anything else with a referrer is "other", named by its host; no referrer and no utm is "direct".
 */
export const SOURCE_KINDS = ["search", "ai", "social", "email", "direct", "other"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export type Source = { name: string; kind: SourceKind };

type Known = {
  name: string;
  kind: Exclude<SourceKind, "direct" | "other">;
  hosts: readonly string[];
  utm?: readonly string[];
};

const KNOWN_SOURCES: readonly Known[] = [
  { name: "ChatGPT", kind: "ai", hosts: ["chatgpt.com", "chat.openai.com"], utm: ["chatgpt.com", "chatgpt", "openai"] },
  { name: "Perplexity", kind: "ai", hosts: ["perplexity.ai"], utm: ["perplexity", "perplexity.ai"] },
  { name: "Gemini", kind: "ai", hosts: ["gemini.google.com", "bard.google.com"], utm: ["gemini", "gemini.google.com"] },
  { name: "Copilot", kind: "ai", hosts: ["copilot.microsoft.com"], utm: ["copilot", "copilot.microsoft.com"] },
  { name: "Claude", kind: "ai", hosts: ["claude.ai"], utm: ["claude", "claude.ai"] },
  { name: "Google", kind: "search", hosts: ["google.*", "www.google.*"] },
  { name: "Bing", kind: "search", hosts: ["bing.com", "cn.bing.com"] },
  { name: "DuckDuckGo", kind: "search", hosts: ["duckduckgo.com"] },
  { name: "Yahoo", kind: "search", hosts: ["search.yahoo.com", "yahoo.com"] },
  { name: "Ecosia", kind: "search", hosts: ["ecosia.org"] },
  { name: "Brave Search", kind: "search", hosts: ["search.brave.com"] },
  { name: "Yandex", kind: "search", hosts: ["yandex.ru", "yandex.com"] },
  { name: "Baidu", kind: "search", hosts: ["baidu.com"] },
  { name: "Qwant", kind: "search", hosts: ["qwant.com"] },
  { name: "Startpage", kind: "search", hosts: ["startpage.com"] },
  {
    name: "Facebook",
    kind: "social",
    hosts: ["facebook.com", "m.facebook.com", "l.facebook.com", "lm.facebook.com"],
    utm: ["facebook", "fb"],
  },
  { name: "Instagram", kind: "social", hosts: ["instagram.com", "l.instagram.com"], utm: ["instagram", "ig"] },
  { name: "X", kind: "social", hosts: ["t.co", "x.com", "twitter.com"], utm: ["twitter", "x"] },
  { name: "LinkedIn", kind: "social", hosts: ["linkedin.com", "lnkd.in"], utm: ["linkedin"] },
  { name: "Reddit", kind: "social", hosts: ["reddit.com", "old.reddit.com", "out.reddit.com"], utm: ["reddit"] },
  { name: "TikTok", kind: "social", hosts: ["tiktok.com"], utm: ["tiktok"] },
  { name: "Threads", kind: "social", hosts: ["threads.net", "l.threads.net"], utm: ["threads"] },
  { name: "Bluesky", kind: "social", hosts: ["bsky.app"], utm: ["bluesky"] },
  { name: "Mastodon", kind: "social", hosts: ["mastodon.social"], utm: ["mastodon"] },
  { name: "YouTube", kind: "social", hosts: ["youtube.com", "m.youtube.com"], utm: ["youtube"] },
  { name: "Pinterest", kind: "social", hosts: ["pinterest.com"], utm: ["pinterest"] },
  {
    name: "E-mail",
    kind: "email",
    hosts: ["mail.google.com", "outlook.live.com", "outlook.office.com", "mail.yahoo.com"],
    utm: ["newsletter", "email"],
  },
];

/** A host as a referrer sends it, lower case, without port, "www." and a trailing dot; "" when it is no host. */
export function normalizeHost(host: string): string {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, "")
    .replace(/\.$/, "");
  if (!/^[a-z0-9.-]{1,253}$/.test(h)) return "";
  return h.replace(/^www\./, "");
}

function hostMatches(host: string, pattern: string): boolean {
  const p = pattern.replace(/^www\./, "");
  if (p.endsWith(".*")) {
    // "google.*": google.com, google.co.uk, google.de, ... (a country domain of at most two labels).
    const stem = p.slice(0, -2);
    return new RegExp(`^${stem.replaceAll(".", "\\.")}\\.[a-z]{2,3}(\\.[a-z]{2})?$`).test(host);
  }
  return host === p || host.endsWith(`.${p}`);
}

/**
 * The source of a visit: a known `utm_source` first (links an assistant or a campaign marked), then
 * `utm_medium=email`, then the referrer's host; the site's own host counts as direct (a navigation inside
 * the site). A `utm_source` no list knows is named as given (kind other).
 */
export function classifySource(input: { referrerHost?: string; utmSource?: string; utmMedium?: string; siteHost?: string }): Source {
  const utm = (input.utmSource ?? "").trim().toLowerCase();
  const medium = (input.utmMedium ?? "").trim().toLowerCase();
  if (utm) {
    const known = KNOWN_SOURCES.find((s) => s.utm?.includes(utm) || s.hosts.some((h) => hostMatches(normalizeHost(utm), h)));
    if (known) return { name: known.name, kind: known.kind };
  }
  if (medium === "email" || medium === "e-mail" || medium === "newsletter") return { name: "E-mail", kind: "email" };
  const host = normalizeHost(input.referrerHost ?? "");
  const site = normalizeHost(input.siteHost ?? "");
  if (host && host !== site) {
    const known = KNOWN_SOURCES.find((s) => s.hosts.some((h) => hostMatches(host, h)));
    if (known) return { name: known.name, kind: known.kind };
    return { name: host, kind: "other" };
  }
  if (utm) return { name: utm.slice(0, 100), kind: "other" };
  return { name: "Direct", kind: "direct" };
}
