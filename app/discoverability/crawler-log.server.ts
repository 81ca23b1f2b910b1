import { insertRows } from "~/core/limits/batched-rows.server";
import { BatchedWriter } from "~/core/limits/batched-writer.server";
import { isPublicAddress, networkKey } from "~/core/network/ip-addresses";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { addResponseObserver, type ResponseInfo } from "~/core/http/response-observers";
import { createReverseDnsVerifier, type ReverseDnsVerifier } from "./crawler-dns.server";
import { inPublishedRanges } from "./crawler-verification";
import { recognizeCrawler, type Crawler } from "./crawlers";

/**
 * Records every request a known crawler makes (cache hits included) without slowing it: the
 * response observer only recognises the user agent and keeps the visit in memory, as the crawler it
 * claims to be, with its address (app/core/limits/batched-writer.server.ts). The writer, at most FLUSH_MS
 * later and off the response's path, decides which visits were verified (the operator's published
 * ranges, else forward-confirmed reverse DNS with a cache and a timeout) and writes them in one INSERT
 * per batch, identical visits in one row. The privacy retention job erases rows older than
 * RETENTION_DAYS. A crash loses at most one interval of visits.
 */
/** How long visits are kept: the privacy retention job erases older ones (app/privacy/retention.ts). */
export { CRAWLER_VISITS_KEPT_DAYS as RETENTION_DAYS } from "~/privacy/retention";
const FLUSH_MS = 1000;
const BATCH = 500;
/** Past this many unwritten rows (the database is down or slow) new visits are dropped, not queued. */
const MAX_BUFFER = 20_000;
/** Reverse DNS verifications under way at once, and at most asked of the resolver per FLUSH_MS: past that
 * (a flood of addresses claiming a crawler) a visit without a remembered verdict is recorded as claimed. */
const DNS_CONCURRENCY = 16;
const DNS_LOOKUPS_PER_FLUSH = 256;

type Row = typeof schema.crawlerVisits.$inferInsert & { hits: number };
/** A visit as observed: the crawler it names, from where; not yet verified. */
type Visit = { crawler: Crawler; ip: string; path: string; status: number; hits: number; visitedAt: Date };

/** Unverified visits, identical requests (same crawler, address, status and path) folded into one. */
const visits = new BatchedWriter<Visit>({
  name: "crawler visits",
  write: async (batch) => void (await getDb().execute(insertRows(schema.crawlerVisits, await toRows(batch)))),
  batchSize: BATCH,
  flushMs: FLUSH_MS,
  maxBuffered: MAX_BUFFER,
  fold: {
    key: (visit) => `${visit.crawler.name}\n${visit.ip}\n${visit.status}\n${visit.path}`,
    merge: (kept, visit) => (kept.hits += visit.hits),
  },
});

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

/** Exported for `npm run bench` (scripts/bench-crawlers.mjs times it per request from the sources). */
export function observeCrawlerRequest(info: ResponseInfo): void {
  const crawler = crawlerOf(info.userAgent);
  if (!crawler) return;
  visits.add({ crawler, ip: info.ip, path: info.path.slice(0, 1000), status: info.status, hits: 1, visitedAt: new Date() });
}

/** Crawlers come from few addresses: remember each (crawler, address) range verdict. */
const rangeVerdicts = new Map<string, boolean>();
function inRangesCached(crawler: Crawler, ip: string): boolean {
  const key = `${crawler.name} ${ip}`;
  let verdict = rangeVerdicts.get(key);
  if (verdict === undefined) {
    verdict = inPublishedRanges(crawler, ip);
    if (rangeVerdicts.size >= 10_000) rangeVerdicts.clear();
    rangeVerdicts.set(key, verdict);
  }
  return verdict;
}

let dns: ReverseDnsVerifier | undefined;
function reverseDns(): ReverseDnsVerifier {
  const env = getEnv();
  dns ??= createReverseDnsVerifier({ servers: env.CRAWLER_DNS_SERVERS, timeoutMs: env.CRAWLER_DNS_TIMEOUT_MS });
  return dns;
}

/** Whether a visit came from its crawler: the published ranges first, then the operator's reverse DNS. */
async function isVerified(crawler: Crawler, ip: string, budget: { lookups: number }): Promise<boolean> {
  if (inRangesCached(crawler, ip)) return true;
  if (!crawler.reverseDns?.length || !isPublicAddress(ip)) return false;
  const known = reverseDns().cached(ip, crawler.reverseDns);
  if (known !== undefined) return known;
  if (budget.lookups <= 0) return false;
  budget.lookups--;
  return reverseDns().verify(ip, crawler.reverseDns);
}

/** Verifies each (crawler, address) of a batch once, a few at a time, and folds the visits into rows. */
async function toRows(visits: Visit[]): Promise<Row[]> {
  const verdicts = new Map<string, boolean>();
  const checks = new Map<string, Visit>();
  for (const visit of visits) checks.set(`${visit.crawler.name} ${visit.ip}`, visit);
  const queue = [...checks.entries()];
  const budget = lookupBudget();
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, { crawler, ip }] = next;
      verdicts.set(key, await isVerified(crawler, ip, budget).catch(() => false));
    }
  };
  await Promise.all(Array.from({ length: Math.min(DNS_CONCURRENCY, queue.length) }, worker));
  const rows = new Map<string, Row>();
  for (const visit of visits) {
    const verified = verdicts.get(`${visit.crawler.name} ${visit.ip}`) ?? false;
    const path = verified ? visit.path : claimedPath(visit);
    const key = `${visit.crawler.name}\n${verified ? 1 : 0}\n${visit.status}\n${path}`;
    const row = rows.get(key);
    if (row) {
      row.hits += visit.hits;
      if (visit.visitedAt < row.visitedAt!) row.visitedAt = visit.visitedAt;
    } else {
      rows.set(key, { crawler: visit.crawler.name, verified, path, status: visit.status, hits: visit.hits, visitedAt: visit.visitedAt });
    }
  }
  return [...rows.values()];
}

/**
 * A user agent is a claim anyone can make: visits that fail verification are evidence of nothing, so
 * they are sampled. Each claimed crawler name and network (/24, IPv6 /48) keeps its first
 * CLAIMED_PATHS_PER_HOUR distinct paths an hour as they were; later paths fold into one "(other paths)"
 * row per write, so random paths cannot grow the table (at most one such row a second per instance).
 */
const CLAIMED_PATHS_PER_HOUR = 20;
const OTHER_PATHS = "(other paths)";
let claimedHour = -1;
const claimedPaths = new Map<string, Set<string>>();
function claimedPath(visit: Visit): string {
  const hour = Math.floor(visit.visitedAt.getTime() / 3_600_000);
  if (hour !== claimedHour || claimedPaths.size > 10_000) {
    claimedPaths.clear();
    claimedHour = hour;
  }
  const key = `${visit.crawler.name} ${networkKey(visit.ip)}`;
  let paths = claimedPaths.get(key);
  if (!paths) claimedPaths.set(key, (paths = new Set()));
  if (paths.has(visit.path)) return visit.path;
  if (paths.size >= CLAIMED_PATHS_PER_HOUR) return OTHER_PATHS;
  paths.add(visit.path);
  return visit.path;
}

/** The reverse DNS lookups left in this FLUSH_MS window, shared by the batches written in it. */
let dnsBudget = { lookups: 0, since: -Infinity };
function lookupBudget(): { lookups: number } {
  const now = Date.now();
  if (now - dnsBudget.since >= FLUSH_MS) dnsBudget = { lookups: DNS_LOOKUPS_PER_FLUSH, since: now };
  return dnsBudget;
}

/** Writes the buffered visits now (before a report, so it counts the latest). */
export const flushCrawlerVisits = (): Promise<void> => visits.flush();
/** At shutdown: writes what is buffered and takes no more. */
export const closeCrawlerLog = (): Promise<void> => visits.close();

let started = false;

/** Registers the observer once per process. */
export function startCrawlerLog(): void {
  if (started) return;
  started = true;
  addResponseObserver(observeCrawlerRequest);
}
