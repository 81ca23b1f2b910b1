/**
 * Addresses as Ghost's Content API writes them: absolute, and a page's `url` with Ghost's trailing slash
 * (a static front end writes /blog/slug/ as blog/slug/index.html; without the slash it wrote a file with
 * no extension, served as application/octet-stream). Inside a post's `html`, site-relative links and
 * images are made absolute, as Ghost's answers are, so they work on the front end's own host.
 */

/** A site path as Ghost's `url`: absolute, ending in "/". */
export function ghostPageUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path.endsWith("/") ? path : `${path}/`}`;
}

const absolutePath = (siteUrl: string, value: string) => (value.startsWith("/") && !value.startsWith("//") ? `${siteUrl}${value}` : value);

/** `html` with every site-relative href, src and srcset entry made absolute on `siteUrl`. */
export function absoluteHtml(siteUrl: string, html: string): string {
  return html
    .replace(
      /(\s(?:href|src|poster)=)(["'])(\/(?!\/)[^"']*)\2/gi,
      (_, attr: string, quote: string, path: string) => `${attr}${quote}${siteUrl}${path}${quote}`,
    )
    .replace(/(\ssrcset=)(["'])([^"']*)\2/gi, (_, attr: string, quote: string, set: string) => {
      const entries = set.split(",").map((entry) => {
        const [url = "", ...descriptor] = entry.trim().split(/\s+/);
        return [absolutePath(siteUrl, url), ...descriptor].join(" ");
      });
      return `${attr}${quote}${entries.join(", ")}${quote}`;
    });
}
