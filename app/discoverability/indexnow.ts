/**
 * IndexNow (indexnow.org), pure: the request body, its size limit and how an endpoint is named.
 */
export const DEFAULT_INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow";
export const MAX_URLS_PER_INDEXNOW_REQUEST = 10_000;

export type IndexNowBody = { host: string; key: string; keyLocation: string; urlList: string[] };

export function indexNowBodies(siteUrl: string, key: string, urls: readonly string[]): IndexNowBody[] {
  const host = new URL(siteUrl).host;
  const bodies: IndexNowBody[] = [];
  for (let i = 0; i < urls.length; i += MAX_URLS_PER_INDEXNOW_REQUEST) {
    bodies.push({ host, key, keyLocation: `${siteUrl}/${key}.txt`, urlList: urls.slice(i, i + MAX_URLS_PER_INDEXNOW_REQUEST) });
  }
  return bodies;
}

/** "IndexNow (api.indexnow.org)": the engine row the admin sees names the endpoint actually called. */
export function engineName(endpoint: string): string {
  return `IndexNow (${new URL(endpoint).host})`;
}

/** A key as IndexNow requires: 8-128 characters of a-z, A-Z, 0-9 and dashes. */
export const INDEXNOW_KEY_PATTERN = /^[a-zA-Z0-9-]{8,128}$/;
