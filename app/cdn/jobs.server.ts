import { CACHE_PURGE_JOB } from "~/core/caches/cache-purge.server";
import { getEnv } from "~/core/instance/env.server";
import { defineJobType, defineSchedule } from "~/core/jobs/jobs.server";
import { PURGE_BACKOFF_BASE_MS, PURGE_MAX_ATTEMPTS } from "./batches";
import { runCachePurge, sweep } from "./purge-job.server";

/** Purges at the CDN (one job a second at most) and the sweep of old ones, when a purger is configured. */
export function registerCdnJobs(): void {
  if (getEnv().CDN_PURGE.length === 0) return;
  defineJobType(CACHE_PURGE_JOB, runCachePurge, {
    maxAttempts: PURGE_MAX_ATTEMPTS,
    backoffBaseMs: PURGE_BACKOFF_BASE_MS,
    timeoutMs: 60_000,
  });
  defineJobType("cdn.sweep", sweep, { maxAttempts: PURGE_MAX_ATTEMPTS, backoffBaseMs: PURGE_BACKOFF_BASE_MS, timeoutMs: 60_000 });
  defineSchedule("cdn.sweep", { everyMinutes: 1 }, "cdn.sweep");
}
