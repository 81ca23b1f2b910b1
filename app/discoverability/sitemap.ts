/**
 * Sitemaps (sitemaps.org 0.9), pure. One <urlset> holds at most 50,000 URLs; past that
 * /sitemap.xml becomes a <sitemapindex> of numbered sitemaps (/sitemap/1.xml, ...).
 */
export const MAX_URLS_PER_SITEMAP = 50_000;

/** Google reads at most this many images per page from a sitemap. */
export const MAX_IMAGES_PER_URL = 1_000;
const IMAGE_NAMESPACE = "http://www.google.com/schemas/sitemap-image/1.1";

/** `images`: absolute addresses of the images a page shows (Google's image sitemap extension). */
export type SitemapEntry = { loc: string; lastmod?: string; images?: readonly string[] };

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** W3C datetime with seconds and "Z", as the sitemaps.org schema accepts it. */
export function w3cDate(date: Date | string): string {
  return new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function imageXml(images: readonly string[] | undefined): string {
  return (images ?? [])
    .slice(0, MAX_IMAGES_PER_URL)
    .map((loc) => `\n    <image:image>\n      <image:loc>${escapeXml(loc)}</image:loc>\n    </image:image>`)
    .join("");
}

export function urlsetXml(entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map(
      (e) =>
        `  <url>\n    <loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}${imageXml(e.images)}\n  </url>`,
    )
    .join("\n");
  // The image namespace only where it is used, so a sitemap without images stays plain sitemaps.org.
  const images = entries.some((e) => e.images?.length) ? ` xmlns:image="${IMAGE_NAMESPACE}"` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${images}>\n${urls}\n</urlset>\n`;
}

function sitemapIndexXml(sitemaps: readonly SitemapEntry[]): string {
  const items = sitemaps
    .map(
      (s) =>
        `  <sitemap>\n    <loc>${escapeXml(s.loc)}</loc>${s.lastmod ? `\n    <lastmod>${escapeXml(s.lastmod)}</lastmod>` : ""}\n  </sitemap>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/** The newest of some lastmod values (undefined when none has one). */
function newest(entries: readonly SitemapEntry[]): string | undefined {
  let best: string | undefined;
  for (const e of entries) if (e.lastmod && (!best || e.lastmod > best)) best = e.lastmod;
  return best;
}

/**
 * The documents to serve: `main` at /sitemap.xml, and `parts[n-1]` at /sitemap/n.xml when the
 * URLs do not fit in one file.
 */
/** How many numbered parts a sitemap of this many URLs has: none when one file holds them all. */
export function sitemapPartCount(urls: number): number {
  return urls <= MAX_URLS_PER_SITEMAP ? 0 : Math.ceil(urls / MAX_URLS_PER_SITEMAP);
}

export function buildSitemaps(siteUrl: string, entries: readonly SitemapEntry[]): { main: string; parts: string[] } {
  if (sitemapPartCount(entries.length) === 0) return { main: urlsetXml(entries), parts: [] };
  const chunks: SitemapEntry[][] = [];
  for (let i = 0; i < entries.length; i += MAX_URLS_PER_SITEMAP) chunks.push(entries.slice(i, i + MAX_URLS_PER_SITEMAP));
  return {
    main: sitemapIndexXml(chunks.map((chunk, i) => ({ loc: `${siteUrl}/sitemap/${i + 1}.xml`, lastmod: newest(chunk) }))),
    parts: chunks.map(urlsetXml),
  };
}
