import { cacheTagList } from "./cache-tags";
import { afterCommit, schema, type DbExecutor } from "../database/db.server";
import { getEnv } from "../instance/env.server";
import { enqueueJob, wakeJobRunner } from "../jobs/jobs.server";

/**
 * Purging shared answers when their content changes (decision record 0081). A change calls
 * `queueCachePurge` in its own transaction with the tags it touches (app/core/caches/cache-tags.ts): a row, and the
 * purge job of the current second, both stored with the change or not at all, and nothing more on the save's
 * path. Every change of one second shares one job (its idempotency key), due at the second's end, which
 * takes every row queued by then and purges their tags at each target (app/cdn/purge-job.server.ts).
 * Without CDN_PURGE nothing is queued.
 */
export const CACHE_PURGE_JOB = "cdn.purge";

export async function queueCachePurge(db: DbExecutor, tags: readonly string[], reason: string): Promise<void> {
  if (getEnv().CDN_PURGE.length === 0) return;
  const clean = cacheTagList(tags);
  if (clean.length === 0) return;
  await db.insert(schema.cdnPurges).values({ tags: clean, reason: reason.slice(0, 200) });
  const now = Date.now();
  const secondEnd = Math.floor(now / 1000) * 1000 + 1000;
  await enqueueJob(db, CACHE_PURGE_JOB, {}, { idempotencyKey: `cdn.purge:${secondEnd / 1000}`, runAt: new Date(secondEnd) });
  // The runner polls every JOB_POLL_MS; this nudges it at the second's end instead (the job is durable either way).
  afterCommit(() => setTimeout(wakeJobRunner, Math.max(0, secondEnd - Date.now()) + 5).unref());
}
