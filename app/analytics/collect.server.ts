import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { ApiError } from "~/core/api.server";
import { BatchedWriter } from "~/core/batched-writer.server";
import { clientKey } from "~/core/ip-addresses";
import { getDb, rowsOf, schema } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import { consume } from "~/core/rate-limit.server";
import { logger } from "~/core/logger.server";
import { isKnownPage } from "~/discoverability/vitals.server";
import type { PublicFormOutcome } from "~/forms/contact-submission.server";
import type { AnalyticsBeacon, Goal } from "./beacon";
import { notCounted, utcDay, visitorHash, type RequestSignals } from "./counting";
import { figuresOf, type Hit } from "./figures";
import { classifySource, normalizeHost } from "./sources";

/**
 * Collection: a beacon (or a public form sent without JavaScript) becomes a Hit kept in memory and written
 * in batches (app/core/batched-writer.server.ts) into the day's aggregates. Nothing that identifies a
 * person is written: the address and user agent only feed the day's salted hash, in memory.
 */
const MAX_BUFFERED = 50_000;

const hits = new BatchedWriter<Hit>({
  name: "analytics hits",
  write: writeHits,
  batchSize: 200,
  flushMs: 2000,
  maxBuffered: MAX_BUFFERED,
  fold: {
    key: (h) => [h.day, h.visitor, h.path, h.source?.kind ?? "", h.source?.name ?? "", h.campaign ?? "", h.screen ?? "", h.goal ?? ""].join("\n"),
    merge: (kept, h) => void (kept.views += h.views),
  },
});

/** The day's salt, shared by every instance through the database; remembered for the day it belongs to. */
let salt: { day: string; value: string } | undefined;
async function saltOf(day: string): Promise<string> {
  if (salt?.day === day) return salt.value;
  const db = getDb();
  await db
    .insert(schema.analyticsSalts)
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: schema.analyticsSalts.salt })
    .from(schema.analyticsSalts)
    .where(sql`${schema.analyticsSalts.day} = ${day}`);
  if (!row) throw new Error(`no analytics salt for ${day}`);
  salt = { day, value: row.salt };
  return row.salt;
}

/** `host`: the Host the request was sent to (a referrer naming it is a navigation inside the site). */
export type Visit = RequestSignals & { clientIp: string; host?: string | null };

/**
 * A beacon from a browser: 400 for a path that is not a public page; otherwise always accepted (202), and
 * counted unless the request is a bot, a prefetch or asks not to be tracked (Sec-GPC), and unless its
 * client has already sent its few page views (or events) for this page this minute.
 */
export async function acceptBeacon(beacon: AnalyticsBeacon, visit: Visit): Promise<void> {
  if (!(await isKnownPage(beacon.path))) throw new ApiError(400, "path is not a public page of this site");
  if (notCounted(visit)) return;
  const bound = await consume("analyticsByClientPage", `${clientKey(visit.clientIp)} ${beacon.goal ?? "view"} ${beacon.path}`);
  if (bound.limited) return;
  await record(visit, {
    path: beacon.path,
    referrerHost: beacon.ref,
    utmSource: beacon.utm_source,
    utmMedium: beacon.utm_medium,
    campaign: beacon.utm_campaign,
    screen: beacon.screen,
    goal: beacon.goal,
  });
}

/** A public form accepted on the server (with or without JavaScript): its goal, on the form's page. */
export async function countFormGoal(goal: Goal, path: string, request: Request, clientIp: string): Promise<void> {
  const visit: Visit = {
    clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    secGpc: request.headers.get("sec-gpc"),
  };
  if (notCounted(visit)) return;
  const bound = await consume("analyticsByClientPage", `${clientKey(clientIp)} ${goal} ${path}`);
  if (!bound.limited) await record(visit, { path, goal });
}

type Seen = {
  path: string;
  referrerHost?: string;
  utmSource?: string;
  utmMedium?: string;
  campaign?: string;
  screen?: string;
  goal?: Goal;
};

async function record(visit: Visit, seen: Seen): Promise<void> {
  const now = new Date();
  const day = utcDay(now);
  const site = new URL(getEnv().SITE_URL).host;
  const visitor = visitorHash(await saltOf(day), clientKey(visit.clientIp), visit.userAgent, site);
  const referrer = normalizeHost(seen.referrerHost ?? "");
  const internal = !!referrer && [site, visit.host ?? ""].map(normalizeHost).includes(referrer) && !seen.utmSource && !seen.utmMedium;
  const source = internal ? undefined : classifySource({ referrerHost: seen.referrerHost, utmSource: seen.utmSource, utmMedium: seen.utmMedium, siteHost: site });
  // A campaign is a link that names one (utm_campaign); a utm_source alone is a source.
  const campaign = seen.campaign ? [seen.utmSource ?? "", seen.utmMedium ?? "", seen.campaign ?? ""].join("\t") : undefined;
  hits.add({ day, visitor, path: seen.path, source, campaign, screen: seen.screen, goal: seen.goal, views: 1 });
}

/**
 * One batch into the aggregates, in one transaction: each hit's visitor is remembered for each figure it
 * counts in (insert ... on conflict do nothing), and only the rows that were new add a visitor, so the
 * same visitor on several instances, or twice in a day, counts once.
 */
async function writeHits(batch: Hit[]): Promise<void> {
  const views = new Map<string, number>();
  const seenKeys = new Map<string, { day: string; visitor: string; key: string }>();
  for (const hit of batch) {
    for (const figure of figuresOf(hit)) {
      const key = `${figure.dimension}\t${figure.key}`;
      const at = `${hit.day}\t${key}`;
      views.set(at, (views.get(at) ?? 0) + hit.views);
      seenKeys.set(`${hit.day}\t${hit.visitor}\t${key}`, {
        day: hit.day,
        visitor: hit.visitor,
        key,
      });
    }
  }
  // One JSON parameter per statement (json_to_recordset): thousands of rows as separate parameters cost more
  // to build and parse than to write, and a batch runs on PGlite's thread, in the way of every page's turn.
  await getDb().transaction(async (tx) => {
    const fresh = await rowsOf<{ day: string; key: string }>(
      tx,
      sql`insert into analytics_visitor_days (day, visitor, key)
          select day, visitor, key from json_to_recordset(${JSON.stringify([...seenKeys.values()])}::json) as r(day date, visitor text, key text)
          on conflict do nothing
          returning to_char(day, 'YYYY-MM-DD') as day, key`,
    );
    const visitors = new Map<string, number>();
    for (const row of fresh) visitors.set(`${row.day}\t${row.key}`, (visitors.get(`${row.day}\t${row.key}`) ?? 0) + 1);
    const daily = [...views].map(([at, count]) => {
      const [day, dimension, ...key] = at.split("\t") as [string, string, ...string[]];
      return { day, dimension, key: key.join("\t"), views: count, visitors: visitors.get(at) ?? 0 };
    });
    await tx.execute(
      sql`insert into analytics_daily (day, dimension, key, views, visitors)
          select day, dimension, key, views, visitors
          from json_to_recordset(${JSON.stringify(daily)}::json) as r(day date, dimension text, key text, views integer, visitors integer)
          on conflict (day, dimension, key) do update
          set views = analytics_daily.views + excluded.views, visitors = analytics_daily.visitors + excluded.visitors`,
    );
  });
}

/** Writes what waits now (before a report, so it counts the latest). */
export const flushAnalytics = (): Promise<void> => hits.flush();
/** At shutdown: writes what waits and takes no more. */
export const closeAnalytics = (): Promise<void> => hits.close();

/**
 * A public form's outcome, its goal counted when the form was accepted (JSON API or plain form post alike,
 * so visitors without JavaScript count too). Counting never fails the form: a fault is logged.
 */
export async function countAcceptedForm(outcome: PublicFormOutcome, goal: Goal, path: string, request: Request, clientIp: string): Promise<PublicFormOutcome> {
  if (outcome.accepted) await countFormGoal(goal, path, request, clientIp).catch((error: unknown) => logger.warn({ err: error }, "could not count a form's goal"));
  return outcome;
}
