import { Counter } from "prom-client";
import { isPublicPage } from "~/blog/reading/public-pages.server";
import { BatchedWriter } from "~/core/limits/batched-writer.server";
import { clientKey } from "~/core/network/ip-addresses";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { consume } from "~/core/limits/rate-limit.server";
import { utcDay } from "~/core/text/utc-days";
import type { PublicFormOutcome } from "~/forms/contact-submission.server";
import { registry } from "~/ops/metrics.server";
import type { AnalyticsBeacon, Goal } from "./beacon";
import { addressHash, notCounted, visitorHash, type NotCounted } from "./counting.server";
import type { Hit } from "./figures";
import { writeHits } from "./hits-store.server";
import { saltOf } from "./salts.server";
import { classifySource, normalizeHost } from "./sources";
import { visitOfForm, visitOfRequest, type Visit } from "./visits.server";

/**
 * Collection (the service): a beacon or a public form accepted on the server becomes an event that goes
 * through one named pipeline (Plausible's): a public page? -> counted at all (bots, prefetches, Sec-GPC)?
 * -> within the client's few a minute for this page? -> kept for the next batch. Every event dropped is
 * counted with its reason (the `dropped` map, scraped as clink_analytics_events_dropped_total). A kept hit waits in memory and is written in batches
 * (./hits-store.server.ts) into the day's aggregates. Nothing that identifies a person is written: the
 * address and user agent only feed the day's salted hashes (./counting.server.ts), in memory.
 */
type Dropped = "not-a-public-page" | NotCounted | "over-page-bound" | "buffer-full";
export type Outcome = "counted" | Dropped;

const dropped = new Map<Dropped, number>();

// What an operator scrapes: a rise of "buffer-full" is a database falling behind, of "bot" a crawler wave.
new Counter({
  name: "clink_analytics_events_dropped_total",
  help: "Analytics events not counted since the process started, by reason",
  labelNames: ["reason"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [reason, count] of dropped) this.inc({ reason }, count);
  },
});

const hits = new BatchedWriter<Hit>({
  name: "analytics hits",
  write: writeHits,
  batchSize: 200,
  flushMs: 2000,
  maxBuffered: 50_000,
  fold: {
    key: (h) =>
      [
        h.day,
        h.visitor,
        h.path,
        h.source?.kind ?? "",
        h.source?.name ?? "",
        h.sourceSaid,
        h.campaign ?? "",
        h.screen ?? "",
        h.goal ?? "",
        h.city ?? "",
      ].join("\n"),
    merge: (kept, h) => void (kept.views += h.views),
  },
});

type Seen = {
  path: string;
  referrerHost?: string;
  utmSource?: string;
  utmMedium?: string;
  campaign?: string;
  screen?: string;
  goal?: Goal;
  city?: string;
};
type AnalyticsEvent = { visit: Visit; seen: Seen; /** A beacon names its page; a form's is known. */ checkPage: boolean };

async function collect(event: AnalyticsEvent): Promise<Outcome> {
  const outcome = await pipeline(event);
  if (outcome !== "counted") dropped.set(outcome, (dropped.get(outcome) ?? 0) + 1);
  return outcome;
}

async function pipeline({ visit, seen, checkPage }: AnalyticsEvent): Promise<Outcome> {
  if (checkPage && !(await isPublicPage(seen.path))) return "not-a-public-page";
  const skipped = notCounted(visit);
  if (skipped) return skipped;
  const bound = await consume("analyticsByClientPage", `${clientKey(visit.clientIp)} ${seen.goal ?? "view"} ${seen.path}`);
  if (bound.limited) return "over-page-bound";
  return hits.add(await hitOf(visit, seen)) ? "counted" : "buffer-full";
}

/**
 * A beacon from a browser: "not-a-public-page" for a path that is no public page (the route answers 400);
 * otherwise answered alike (202) whether counted or not.
 */
export function collectBeacon(beacon: AnalyticsBeacon, visit: Visit): Promise<Outcome> {
  const seen = {
    path: beacon.path,
    referrerHost: beacon.ref,
    utmSource: beacon.utm_source,
    utmMedium: beacon.utm_medium,
    campaign: beacon.utm_campaign,
    screen: beacon.screen,
    goal: beacon.goal,
    city: beacon.city,
  };
  return collect({ visit, seen, checkPage: true });
}

/** The hit an event counts as: the day's hashes of its client, its source (none inside the site) and campaign. */
async function hitOf(visit: Visit, seen: Seen): Promise<Hit> {
  const day = utcDay(new Date());
  const site = new URL(getEnv().SITE_URL).host;
  const salt = await saltOf(day);
  const address = clientKey(visit.clientIp);
  const referrer = normalizeHost(seen.referrerHost ?? "");
  const internal = !!referrer && [site, visit.host ?? ""].map(normalizeHost).includes(referrer) && !seen.utmSource && !seen.utmMedium;
  const source = internal
    ? undefined
    : classifySource({ referrerHost: seen.referrerHost, utmSource: seen.utmSource, utmMedium: seen.utmMedium, siteHost: site });
  // A campaign is a link that names one (utm_campaign); a utm_source alone is a source.
  const campaign = seen.campaign ? [seen.utmSource ?? "", seen.utmMedium ?? "", seen.campaign].join("\t") : undefined;
  const visitor = visitorHash(salt, address, visit.userAgent, site);
  const sourceSaid = !!(seen.referrerHost || seen.utmSource || seen.utmMedium);
  const at = microseconds();
  return {
    day,
    visitor,
    address: addressHash(salt, address, site),
    at,
    path: seen.path,
    source,
    sourceSaid,
    campaign,
    screen: seen.screen,
    goal: seen.goal,
    city: seen.city,
    views: 1,
  };
}

/**
 * Now, in microseconds since 1970: the wall clock's milliseconds, and within this process always after the
 * event before (two beacons of one visitor in the same millisecond keep the order they came in).
 */
let lastAt = 0;
function microseconds(): number {
  lastAt = Math.max(lastAt + 1, Date.now() * 1000);
  return lastAt;
}

/** Writes what waits now (before a report, so it counts the latest). */
export const flushAnalytics = (): Promise<void> => hits.flush();
/** At shutdown: writes what waits and takes no more. */
export const closeAnalytics = (): Promise<void> => hits.close();

/**
 * A public form's outcome, its goal counted on the form's page when the form was accepted (JSON API or
 * plain form post alike, so visitors without JavaScript count too). Counting never fails the form: a
 * fault is logged.
 */
export async function countAcceptedForm(
  outcome: PublicFormOutcome,
  goal: Goal,
  path: string,
  request: Request,
  clientIp: string,
): Promise<PublicFormOutcome> {
  if (outcome.accepted) {
    await collect({ visit: visitOfForm(request, clientIp), seen: { path, goal }, checkPage: false }).catch((error: unknown) =>
      logger.warn({ err: error }, "could not count a form's goal"),
    );
  }
  return outcome;
}

/**
 * A goal reached on the server, not by a press in a browser (the /get answers: get-ios, get-android,
 * get-desktop), counted through the same pipeline as a beacon's, on its page, with the campaign the
 * address carried and the host of the Referer, if any. Counting never fails the answer: a fault is logged.
 */
export async function countServerGoal(
  goal: Goal,
  seen: { path: string; campaign?: string; city?: string },
  request: Request,
  clientIp: string,
): Promise<void> {
  let referrerHost: string | undefined;
  try {
    referrerHost = new URL(request.headers.get("referer") ?? "").host || undefined;
  } catch {
    referrerHost = undefined;
  }
  await collect({
    visit: visitOfRequest(request, clientIp),
    seen: { path: seen.path, goal, campaign: seen.campaign, city: seen.city, referrerHost },
    checkPage: false,
  }).catch((error: unknown) => logger.warn({ err: error }, "could not count a server-side goal"));
}
