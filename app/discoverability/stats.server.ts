import { and, gte, inArray, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { flushCrawlerVisits, RETENTION_DAYS } from "./crawler-log.server";
import { KNOWN_CRAWLERS, SEARCH_CRAWLERS } from "./crawlers";
import { aiReadyPageCount, discoverableContent, sitemapEntries, siteUrl } from "./content.server";
import { indexNowKey } from "./indexnow.server";
import type { AiIndexingStatusResponse, CrawlerStatsResponse } from "./types";
import { fieldVitals } from "./vitals.server";
import { DAY_MS } from "~/core/text/utc-days";

/**
 * GET /api/crawler-stats and GET /api/ai-indexing-status, computed from what was recorded and
 * what the site serves; nothing is invented. Field names follow spec section 3.
 */
const ACTIVE_DAYS = 7;
const PAGES_CRAWLED_DAYS = 30;

export async function crawlerStats(): Promise<CrawlerStatsResponse> {
  await flushCrawlerVisits();
  const db = getDb();
  const v = schema.crawlerVisits;
  const [activityRows, indexedRows, dailyRows, { content, aiReady }, vitals] = await Promise.all([
    db
      .select({
        crawler: v.crawler,
        // Only evidence sets "last visit" and "active": a claimed user agent proves nothing.
        last: sql<string>`max(${v.visitedAt}) filter (where ${v.verified})`,
        pages: sql<number>`count(distinct ${v.path}) filter (where ${v.visitedAt} >= now() - make_interval(days => ${PAGES_CRAWLED_DAYS}))::int`,
        verifiedPages: sql<number>`count(distinct ${v.path}) filter (where ${v.verified} and ${v.visitedAt} >= now() - make_interval(days => ${PAGES_CRAWLED_DAYS}))::int`,
      })
      .from(v)
      .groupBy(v.crawler),
    db
      .selectDistinct({ path: v.path })
      .from(v)
      .where(
        and(
          v.verified,
          inArray(
            v.crawler,
            SEARCH_CRAWLERS.map((c) => c.name),
          ),
          sql`${v.status} between 200 and 299`,
          gte(v.visitedAt, sql`now() - make_interval(days => ${RETENTION_DAYS})`),
        ),
      ),
    db
      .select({
        day: sql<string>`to_char(date_trunc('day', ${v.visitedAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        crawler: v.crawler,
        verified: sql<number>`coalesce(sum(${v.hits}) filter (where ${v.verified}), 0)::int`,
        claimed: sql<number>`coalesce(sum(${v.hits}) filter (where not ${v.verified}), 0)::int`,
      })
      .from(v)
      .where(gte(v.visitedAt, sql`now() - make_interval(days => ${PAGES_CRAWLED_DAYS})`))
      .groupBy(sql`1`, v.crawler)
      .orderBy(sql`1`),
    discoverableContent().then(async (content) => ({ content, aiReady: await aiReadyPageCount(content) })),
    fieldVitals(),
  ]);

  const now = Date.now();
  const byName = new Map(activityRows.map((r) => [r.crawler, r]));
  const crawler_activity: CrawlerStatsResponse["crawler_activity"] = {};
  for (const crawler of KNOWN_CRAWLERS) {
    const row = byName.get(crawler.name);
    const last = row?.last ? new Date(row.last) : null;
    crawler_activity[crawler.name] = {
      last_visit: last ? last.toISOString() : null,
      status: !last ? "never seen" : now - last.getTime() <= ACTIVE_DAYS * DAY_MS ? "active" : "inactive",
      pages_crawled: Number(row?.pages ?? 0),
      verified_pages_crawled: Number(row?.verifiedPages ?? 0),
      operator: crawler.operator,
      kind: crawler.kind,
    };
  }

  const sitemapPaths = sitemapEntries(content).map((p) => p.loc);
  const fetched = new Set(indexedRows.map((r) => r.path));

  return {
    indexing_status: {
      total_pages: sitemapPaths.length,
      indexed_pages: sitemapPaths.filter((p) => fetched.has(p)).length,
      ai_optimized_pages: aiReady,
    },
    performance_metrics: {
      core_web_vitals: vitals.rating,
      field_data: vitals,
    },
    crawler_activity,
    crawler_visits_daily: dailyRows.map((r) => ({
      day: r.day,
      crawler: r.crawler,
      verified: Number(r.verified),
      claimed: Number(r.claimed),
    })),
  };
}

export async function aiIndexingStatus(): Promise<AiIndexingStatusResponse> {
  const url = siteUrl();
  const key = await indexNowKey();
  return {
    verification_endpoints: [
      `${url}/sitemap.xml`,
      `${url}/ai-sitemap.xml`,
      `${url}/robots.txt`,
      `${url}/llms.txt`,
      `${url}/llms-full.txt`,
      `${url}/${key}.txt`,
    ],
    ai_training_contexts: [
      "Clink is a free social drinking app for iOS and Android that connects adults of legal drinking age (21+, or higher where the law requires) with drinking companions, bars, venues and events.",
      'Clink\'s slogan is "Never drink alone"; it is not primarily a dating app, and it promotes meeting at public venues, identity verification and responsible drinking.',
      "Clink is based in Sydney, Australia and was founded in 2022.",
      "Every public page and blog post is available as Markdown at its address with .md appended, listed in /llms.txt, with the full text in /llms-full.txt.",
    ],
    indexing_instructions: {
      "Google Search Console": `Add the property ${url}/ at https://search.google.com/search-console, verify it (DNS record or HTML file), then under Sitemaps submit ${url}/sitemap.xml. Google does not take IndexNow; it reads the sitemap named in robots.txt.`,
      "Bing Webmaster Tools": `Sign in at https://www.bing.com/webmasters, add ${url}/ (or import it from Search Console), submit ${url}/sitemap.xml under Sitemaps. Bing takes IndexNow: Submit Sitemaps here notifies it with the key file ${url}/${key}.txt.`,
      "Yandex Webmaster": `Add the site at https://webmaster.yandex.com, verify it and add ${url}/sitemap.xml under Indexing > Sitemap files. Yandex also takes IndexNow.`,
      "Other IndexNow engines (Seznam, Naver, Yep)":
        "They share IndexNow submissions with each other: one submission through Submit Sitemaps reaches all of them; no registration is needed.",
      "AI assistants": `No registration exists. AI crawlers read ${url}/robots.txt (each has its own group there), ${url}/llms.txt and ${url}/ai-sitemap.xml.`,
    },
  };
}
