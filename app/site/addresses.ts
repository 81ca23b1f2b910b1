/** How the site's addresses are written: one rule each, for the page head, structured data and crawler files. */

/** A site path (or an address already absolute) as a full URL on `siteUrl`. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The Markdown address of a page: "/" is "/index.md", every other path gets ".md" appended. */
export function markdownPath(path: string): string {
  return path === "/" ? "/index.md" : `${path}.md`;
}
