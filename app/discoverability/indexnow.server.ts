import { eq } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { discoverableContent, sitemapEntries, siteUrl } from "./content.server";
import { DEFAULT_INDEXNOW_ENDPOINT, engineName, indexNowBodies, INDEXNOW_KEY_PATTERN } from "./indexnow";
import { newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * Submitting URLs to search engines by IndexNow. The key is generated once, stored, and served at
 * /{key}.txt; every call is recorded with what the endpoint answered, and only a 2xx answer within
 * the timeout counts as success.
 */
const KEY_SETTING = "indexnow_key";
const TIMEOUT_MS = 10_000;

let key: string | undefined;

export async function indexNowKey(): Promise<string> {
  if (key) return key;
  const db = getDb();
  await db
    .insert(schema.discoverabilitySettings)
    .values({ key: KEY_SETTING, value: newSecretToken(16, "hex") })
    .onConflictDoNothing();
  const [row] = await db.select().from(schema.discoverabilitySettings).where(eq(schema.discoverabilitySettings.key, KEY_SETTING));
  key = row!.value;
  return key;
}

export async function isIndexNowKeyFile(candidate: string): Promise<boolean> {
  return INDEXNOW_KEY_PATTERN.test(candidate) && candidate === (await indexNowKey());
}

function indexNowEndpoint(): string {
  return getEnv().INDEXNOW_ENDPOINT ?? DEFAULT_INDEXNOW_ENDPOINT;
}

export type EngineResult = { engine: string; success: boolean };

/** Sends the URLs (in requests of at most 10,000) and records each call. One row per endpoint. */
export async function submitUrls(urls: readonly string[], trigger: string): Promise<EngineResult[]> {
  const endpoint = indexNowEndpoint();
  const engine = engineName(endpoint);
  let success = urls.length > 0;
  for (const body of indexNowBodies(siteUrl(), await indexNowKey(), urls)) {
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      httpStatus = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof Error ? (e.name === "TimeoutError" ? "timed out" : e.message) : String(e);
    }
    const ok = error === null;
    success &&= ok;
    await getDb()
      .insert(schema.searchEngineSubmissions)
      .values({ engine, endpoint, urlCount: body.urlList.length, success: ok, httpStatus, error, trigger });
    if (!ok) logger.warn({ engine, httpStatus, error }, "IndexNow submission failed");
  }
  return [{ engine, success }];
}

/** Every URL in the sitemap, submitted now (the admin's Submit Sitemaps). */
export async function submitSitemap(): Promise<{ submissions: { main_sitemap: EngineResult[] } }> {
  const content = await discoverableContent();
  const urls = sitemapEntries(content).map((p) => `${siteUrl()}${p.loc}`);
  return { submissions: { main_sitemap: await submitUrls(urls, "sitemap") } };
}
