import { lt, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/db.server";
import { logger } from "~/core/logger.server";
import { addResponseObserver, type ResponseInfo } from "~/core/response-observers";
import { inPublishedRanges } from "./crawler-verification";
import { recognizeCrawler, type Crawler } from "./crawlers";
import { serialized } from "./serialized";

/**
 * Records every request a known crawler makes (cache hits included) without slowing it: the
 * response observer only recognises the user agent and pushes a row into memory; rows are written
 * in one INSERT per batch, at most every FLUSH_MS, off the response's path. Rows older than
 * RETENTION_DAYS are deleted at most once an hour. A crash loses at most one interval of visits.
 */
export const RETENTION_DAYS = 90;
const FLUSH_MS = 1000;
const BATCH = 500;
/** Past this many unwritten rows (the database is down or slow) new visits are dropped, not queued. */
const MAX_BUFFER = 20_000;

type Visit = typeof schema.crawlerVisits.$inferInsert & { hits: number };
/** Unwritten visits, identical requests folded into one row (see the table's comment). */
let pending = new Map<string, Visit>();
let buffer: Visit[] = [];
let prunedAt = 0;
let dropped = 0;

/** Each user agent recognised once: the same few strings come back with every request (bounded). */
const recognized = new Map<string, Crawler | null>();
function crawlerOf(userAgent: string): Crawler | null {
  let crawler = recognized.get(userAgent);
  if (crawler === undefined) {
    crawler = recognizeCrawler(userAgent) ?? null;
    if (recognized.size >= 5_000) recognized.clear();
    recognized.set(userAgent, crawler);
  }
  return crawler;
}

export function observeCrawlerRequest(info: ResponseInfo): void {
  const crawler = crawlerOf(info.userAgent);
  if (!crawler) return;
  const verified = verifiedCached(crawler, info.ip);
  const path = info.path.slice(0, 1000);
  const key = `${crawler.name}\n${verified ? 1 : 0}\n${info.status}\n${path}`;
  const same = pending.get(key);
  if (same) {
    same.hits++;
    return;
  }
  if (pending.size + buffer.length >= MAX_BUFFER) {
    dropped++;
    return;
  }
  pending.set(key, { crawler: crawler.name, verified, path, status: info.status, hits: 1, visitedAt: new Date() });
  if (pending.size >= BATCH) void flushCrawlerVisits();
}

/** Crawlers come from few addresses: remember each (crawler, address) verdict instead of re-testing the ranges. */
const verdicts = new Map<string, boolean>();
function verifiedCached(crawler: Crawler, ip: string): boolean {
  const key = `${crawler.name} ${ip}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = inPublishedRanges(crawler, ip);
    if (verdicts.size >= 10_000) verdicts.clear();
    verdicts.set(key, verdict);
  }
  return verdict;
}

export const flushCrawlerVisits = serialized(write);

async function write(): Promise<void> {
  if (pending.size > 0) {
    buffer.push(...pending.values());
    pending = new Map();
  }
  while (buffer.length > 0) {
    const rows = buffer.slice(0, BATCH);
    try {
      await getDb().insert(schema.crawlerVisits).values(rows);
      buffer = buffer.slice(rows.length);
    } catch (error) {
      logger.warn({ err: error, pending: buffer.length }, "could not record crawler visits; will retry");
      return;
    }
  }
  if (dropped > 0) {
    logger.warn({ dropped }, "crawler visits dropped while the database was behind");
    dropped = 0;
  }
  if (Date.now() - prunedAt > 60 * 60 * 1000) {
    prunedAt = Date.now();
    await getDb()
      .delete(schema.crawlerVisits)
      .where(lt(schema.crawlerVisits.visitedAt, sql`now() - make_interval(days => ${RETENTION_DAYS})`))
      .catch((error: unknown) => logger.warn({ err: error }, "could not prune old crawler visits"));
  }
}

let started = false;

/** Registers the observer and the flush timer once per process. */
export function startCrawlerLog(): void {
  if (started) return;
  started = true;
  addResponseObserver(observeCrawlerRequest);
  setInterval(() => void flushCrawlerVisits(), FLUSH_MS).unref();
}
