/**
 * The path from a visit to an install (pure rules, no schema library: this module also runs in the public
 * pages' small script). A store link carries where the visit came from and the page it pressed the button
 * on, and nothing that identifies the person (docs/decisions/0061-store-links-that-carry-the-visit.md):
 *
 * - App Store: `pt` (the provider token, configuration), `ct` (a campaign token made here) and `mt=8`.
 * - Google Play: `referrer=` holding `utm_source`, `utm_medium`, `utm_campaign`, `utm_content` (the page) and
 *   `utm_term` (the city), URL-encoded once more, as the Play Install Referrer API hands it back to the app.
 */
export type Attribution = {
  /** Where the visit came from: utm_source, ?ref=, or the referring site's host. */
  source?: string;
  medium?: string;
  campaign?: string;
  /** The page the link is on (a path). */
  page: string;
  /** A city the visit chose (the venue map's, /get?city=). */
  city?: string;
};

/** The store configuration the links are made from (all public: every value ends up in a link). */
export type StoreConfig = {
  /** APP_STORE_ID (digits): the link is then made as Apple's campaign links are. */
  appStoreId?: string;
  /** APP_STORE_PROVIDER_TOKEN: Apple's `pt`. */
  providerToken?: string;
  /** APP_STORE_URL: the App Store link when no id is set. */
  appStoreUrl: string;
  /** GOOGLE_PLAY_PACKAGE: the link is then made from the package name. */
  googlePlayPackage?: string;
  /** GOOGLE_PLAY_URL: the Google Play link when no package is set. */
  googlePlayUrl: string;
};

/**
 * Apple's limit for a campaign token. Guides say 40 characters; App Store Connect's own campaign field takes
 * 30 ("up to 30 alphanumeric characters and spaces", its Help on campaign links), and a campaign made there
 * must match the token to be reported, so tokens are kept to 30: within both.
 */
export const CAMPAIGN_TOKEN_MAX = 30;
const APPLE_HOSTS = new Set(["apps.apple.com", "itunes.apple.com"]);
const PLAY_HOST = "play.google.com";

/** Lower case, letters and digits, words joined by "-" (accents dropped): safe in a token and readable. */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A page's name in a token: "/" is "home", "/blog/a-post" is "blog-a-post". */
export function pageName(path: string): string {
  return slug(path) || "home";
}

const cut = (text: string, max: number) => text.slice(0, Math.max(0, max)).replace(/-+$/, "");

/**
 * The App Store campaign token: `campaign-or-source.page[.city]`, at most CAMPAIGN_TOKEN_MAX characters
 * (the campaign or source keeps up to 12, the city up to 8, the page the rest). A visit with neither
 * campaign nor source is "web".
 */
export function campaignToken(a: Attribution): string {
  const lead = cut(slug(a.campaign ?? "") || slug(a.source ?? "") || "web", 12);
  const city = a.city ? cut(slug(a.city), 8) : "";
  const room = CAMPAIGN_TOKEN_MAX - lead.length - 1 - (city ? city.length + 1 : 0);
  const page = cut(pageName(a.page), room);
  return [lead, page, city].filter(Boolean).join(".");
}

/** What Google Play's `referrer` holds (before it is encoded once more as a parameter of the store link). */
export function playReferrer(a: Attribution): string {
  const params = new URLSearchParams();
  params.set("utm_source", a.source || "website");
  params.set("utm_medium", a.medium || (a.source ? "referral" : "website"));
  if (a.campaign) params.set("utm_campaign", a.campaign);
  params.set("utm_content", a.page);
  if (a.city) params.set("utm_term", a.city);
  return params.toString();
}

function parsed(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/** The App Store link for a visit: Apple's campaign link from the id, else APP_STORE_URL with the same parameters. */
export function appStoreLink(config: StoreConfig, a: Attribution): string {
  const url = config.appStoreId ? new URL(`https://apps.apple.com/app/apple-store/id${config.appStoreId}`) : parsed(config.appStoreUrl);
  // A configured address off Apple's store (a landing page of one's own) is left as it is.
  if (!url || !APPLE_HOSTS.has(url.host)) return config.appStoreUrl;
  if (config.providerToken) url.searchParams.set("pt", config.providerToken);
  url.searchParams.set("ct", campaignToken(a));
  url.searchParams.set("mt", "8");
  return url.toString();
}

/** The Google Play link for a visit: the package's details page, else GOOGLE_PLAY_URL, with `referrer`. */
export function googlePlayLink(config: StoreConfig, a: Attribution): string {
  const url = config.googlePlayPackage
    ? new URL(`https://${PLAY_HOST}/store/apps/details?id=${encodeURIComponent(config.googlePlayPackage)}`)
    : parsed(config.googlePlayUrl);
  if (!url || url.host !== PLAY_HOST) return config.googlePlayUrl;
  url.searchParams.set("referrer", playReferrer(a));
  return url.toString();
}

/**
 * A store link made for the page (by the server, the same for every visitor) made for this visit instead
 * (in the browser): only the attribution changes, and only on a link the server made attributable (an
 * App Store link with `ct`, a Google Play link with `referrer`); anything else is returned as it is.
 */
export function withVisit(href: string, a: Attribution): string {
  const url = parsed(href);
  if (!url) return href;
  if (APPLE_HOSTS.has(url.host) && url.searchParams.has("ct")) url.searchParams.set("ct", campaignToken(a));
  else if (url.host === PLAY_HOST && url.searchParams.has("referrer")) url.searchParams.set("referrer", playReferrer(a));
  else return href;
  return url.toString();
}

/** `/get` is read as `?c=campaign&city=…`: the campaign a QR code of a page carries is the visit's, else its source, else the page's name. */
export function getCampaignOf(a: Attribution): string {
  return (a.campaign || a.source || pageName(a.page)).slice(0, 60);
}

/** The /get address (relative when `siteUrl` is empty) for a campaign and city. */
export function getAddress(siteUrl: string, campaign?: string, city?: string): string {
  const params = new URLSearchParams();
  if (campaign) params.set("c", campaign);
  if (city) params.set("city", city);
  const query = params.toString();
  return `${siteUrl}/get${query ? `?${query}` : ""}`;
}

/** The address of the QR code (an SVG made on the server) of a /get address. */
export function qrImageAddress(campaign?: string, city?: string): string {
  return getAddress("", campaign, city).replace(/^\/get/, "/get/qr.svg");
}

export type Platform = "ios" | "android" | "desktop";

/**
 * Which store a user agent's phone uses: an iPhone, iPad or iPod touch is iOS, anything saying Android is
 * Android, anything else (a computer, an iPad asking for the desktop site as a Mac) gets the page.
 */
export function platformOf(userAgent: string): Platform {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return "ios";
  if (/\bAndroid\b/i.test(userAgent)) return "android";
  return "desktop";
}

/** The attribution a /get answer carries: the campaign and city it was given, the source "get-link". */
export function getAttribution(campaign?: string, city?: string): Attribution {
  return { source: "get-link", medium: "link", campaign, page: "/get", city };
}
