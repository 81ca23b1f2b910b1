/**
 * Whether a request says it came from another site. Browsers send Sec-Fetch-Site (modern) and
 * Origin (on writes and cross-origin reads); a request with neither is not from a browser page
 * (curl, server-to-server) and is not treated as cross-site.
 */
export function isCrossSite(headers: { secFetchSite?: string | null; origin?: string | null }, allowedOrigins: string[]): boolean {
  const { secFetchSite, origin } = headers;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return true;
  return Boolean(origin) && !allowedOrigins.includes(origin!);
}

/**
 * The origins a browser page of this site may send from: the public address (SITE_URL) and the address
 * the request itself was made to (an instance reached directly, a preview). One list for every guard.
 */
export function allowedOrigins(siteUrl: string, requestOrigin: string): string[] {
  const site = new URL(siteUrl).origin;
  return site === requestOrigin ? [site] : [site, requestOrigin];
}
