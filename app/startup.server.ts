import { registerAudienceJobs } from "~/audience/jobs.server";
import { registerBlogJobs } from "~/blog/jobs.server";
import { onPostEvent, postEventData } from "~/blog/writing/post-events";
import { enqueuePostHtmlAtStart } from "~/blog/reading/post-html-backfill.server";
import { seedDemoPosts } from "~/blog/writing/seed.server";
import { ensureOwner } from "~/auth/first-owner.server";
import { PERSONAL_COOKIES } from "~/auth/session.server";
import { SIGN_IN_PATHS } from "~/auth/sign-in-paths";
import type { Env } from "~/core/instance/env.server";
import { checkClockAtStart } from "~/core/database/db-clock.server";
import { startJobRunner } from "~/core/jobs/job-runner.server";
import { startAnalytics } from "~/analytics/startup.server";
import { startDiscoverability } from "~/discoverability/startup.server";
import { registerMailJobs } from "~/mail/jobs.server";
import { registerDomainCheckJob } from "~/mail/jobs.server";
import { setDeliveryHooks } from "~/mail/delivery-hooks.server";
import { deliverabilityHooks } from "~/deliverability/bounces.server";
import { onAddressSuppressed } from "~/deliverability/suppressions.server";
import { leaveEveryList } from "~/audience/subscriptions.server";
import { subscriberConfirmed } from "~/audience/events";
import { submissionCreated } from "~/forms/events";
import { emitWebhookEvent } from "~/webhooks/emit.server";
import { registerWebhookJobs } from "~/webhooks/jobs.server";
import type { ServerHooks } from "~/core/http/server-hooks";
import { closeRedirects, redirectFor } from "~/redirects/redirects.server";
import { flushRateLimits } from "~/core/limits/rate-limit.server";
import { registerPrivacyJobs } from "~/privacy/jobs.server";
import { seedDemoVenues } from "~/venues/seed.server";
import { configWarnings } from "~/ops/config-warnings";
import { operationRoutes } from "~/ops/http.server";
import { analyticsBeaconRoute } from "~/analytics/beacon-route.server";
import { vitalsBeaconRoute } from "~/discoverability/vitals-route.server";
import { startOps } from "~/ops/startup.server";
import { startErrors } from "~/errors/startup.server";
import { registerCdnJobs } from "~/cdn/jobs.server";
import { queueCachePurge } from "~/core/caches/cache-purge.server";
import { postChangeTags } from "~/core/caches/cache-tags";
import { errorBeaconRoute } from "~/errors/beacon-route.server";

import { tileImageSource } from "~/venues/tiles";

// The operators' commands (scripts/admin.mjs, npm run backup/restore/doctor) reach the features through the server build.
export { runAdminCommand } from "~/auth/operator.server";
export { runOpsCommand } from "~/ops/cli.server";

/** What the HTTP server needs from the features (it imports none of them itself). */
export function serverHooks(env: Env): ServerHooks {
  return {
    personalCookies: PERSONAL_COOKIES,
    imageSources: [tileImageSource(env.MAP_TILE_URL)],
    ensureFirstAdmin: ensureOwner,
    configWarnings: configWarnings(env),
    writesOnFullDisk: SIGN_IN_PATHS,
    operationRoutes: operationRoutes(),
    beaconRoutes: [analyticsBeaconRoute, vitalsBeaconRoute, errorBeaconRoute],
    redirectFor,
  };
}

/**
 * Work that runs once at start, after migrations and before the first request
 * (for example seeding demo content). Each feature adds its task here; a task may
 * return a stop function, which runs at shutdown before the database closes.
 */
type Stop = () => Promise<void>;
const tasks: Array<(env: Env) => Promise<void | Stop>> = [
  // First: how far this process's clock is from the database's (a warning when more than a few seconds).
  checkClockAtStart,
  seedDemoPosts,
  async () => registerBlogJobs(),
  // Kept post bodies missing or stale are rendered in the background (decision record 0048).
  enqueuePostHtmlAtStart,
  async () => registerAudienceJobs(),
  async () => {
    // Issue 51: list mail asks the suppression list before it goes; a bounce or complaint leaves every list.
    setDeliveryHooks(deliverabilityHooks());
    onAddressSuppressed("audience", (tx, event) => leaveEveryList(tx, event.email, event.reason === "complaint" ? "complaint" : "bounce"));
  },
  registerMailJobs,
  // The sending domain's SPF, DKIM and DMARC, for the System section (issue 51).
  registerDomainCheckJob,
  async (env) => {
    registerWebhookJobs(env);
    // The features' events become webhooks (no feature knows the webhooks): the blog's post.published, .updated,
    // .unpublished, .deleted; the forms' submission.created; the lists' subscriber.confirmed.
    onPostEvent("webhooks", (db, event) =>
      emitWebhookEvent(db, `post.${event.kind}`, postEventData(event.post, env.SITE_URL), { eventKey: event.eventKey }),
    );
    submissionCreated.on("webhooks", (db, event) =>
      emitWebhookEvent(db, "submission.created", event.data, { withoutPersonalData: event.withoutPersonalData }),
    );
    subscriberConfirmed.on("webhooks", (db, event) =>
      emitWebhookEvent(db, "subscriber.confirmed", event.data, { withoutPersonalData: event.withoutPersonalData }),
    );
  },
  async () => registerPrivacyJobs(),
  async () => {
    // Issue 52: a live post's change purges its pages at the CDN or Varnish (the blog knows no CDN).
    registerCdnJobs();
    onPostEvent("cdn", (db, event) => queueCachePurge(db, postChangeTags(event.post), `post ${event.post.id} ${event.kind}`));
  },
  startDiscoverability,
  startAnalytics,
  // At shutdown: the redirect hits still in memory are written.
  async () => closeRedirects,
  // At shutdown: the beacons' rate-limit counts still in memory are written.
  async () => flushRateLimits,
  seedDemoVenues,
  startOps,
  // The server's errors grouped for the admin's Errors section, and the owners alerted of new ones.
  startErrors,
  // Last: every feature above has defined its job types and schedules (register…Jobs()).
  async (env) => (await startJobRunner(env)).stop,
];

const stops: Stop[] = [];

export async function runStartupTasks(env: Env): Promise<void> {
  for (const task of tasks) {
    const stop = await task(env);
    if (stop) stops.push(stop);
  }
}

/** Stops background work (the job runner lets the running job finish, or leaves its lease to run out). */
export async function runShutdownTasks(): Promise<void> {
  for (const stop of stops.splice(0).reverse()) await stop();
}
