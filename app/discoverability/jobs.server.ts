import { POST_CHANGED_JOB, type PostChangedPayload } from "~/blog/post-events";
import { getDb, type DbExecutor } from "~/core/db.server";
import { defineJobType, enqueueJob } from "~/core/jobs.server";
import { siteUrl } from "./content.server";
import { submitUrls } from "./indexnow.server";

async function pingIndexNow(url: string): Promise<void> {
  const [result] = await submitUrls([url], "post-change");
  if (!result?.success) throw new Error(`IndexNow did not accept ${url}`);
}

/** Discoverability's background work, on the one job runner: IndexNow pings, retried with back-off. */
export function registerDiscoverabilityJobs(): void {
  // A post's public address changed (published, edited, unpublished, deleted, or gone live by itself).
  defineJobType<PostChangedPayload>(POST_CHANGED_JOB, ({ slug }) => pingIndexNow(`${siteUrl()}/blog/${slug}`));
  // Pings queued by the old discoverability_jobs table, moved here by migration 0008 (none is lost).
  defineJobType<{ url: string }>("indexnow.post-changed", ({ url }) => pingIndexNow(url));
}

/**
 * A post changed: tell IndexNow after the request, with retries. `db` may be the transaction of the
 * change; `idempotencyKey` makes a repeated notice (go-live seen by several instances) count once.
 */
export async function notifyPostChanged(slug: string, options: { db?: DbExecutor; idempotencyKey?: string } = {}): Promise<void> {
  await enqueueJob(options.db ?? getDb(), POST_CHANGED_JOB, { slug } satisfies PostChangedPayload, { idempotencyKey: options.idempotencyKey });
}
