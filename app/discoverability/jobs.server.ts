import { defineJobType, enqueueJob } from "~/core/jobs.server";
import { getDb, type DbExecutor } from "~/core/db.server";
import { siteUrl } from "./content.server";
import { submitUrls } from "./indexnow.server";

/** Tells IndexNow that one address changed (a post published, edited, unpublished, deleted or gone live). */
export const PING_INDEXNOW = "indexnow.post-changed";
type PingPayload = { url: string };

/** Discoverability's background work, on the one job runner: IndexNow pings, retried with back-off. */
export function registerDiscoverabilityJobs(): void {
  defineJobType<PingPayload>(PING_INDEXNOW, async ({ url }) => {
    const [result] = await submitUrls([url], "post-change");
    if (!result?.success) throw new Error(`IndexNow did not accept ${url}`);
  });
}

/**
 * A post changed: tell IndexNow after the request, with retries. `db` may be the transaction of the
 * change; `idempotencyKey` makes a repeated notice (go-live on several instances) count once.
 */
export async function notifyPostChanged(slug: string, options: { db?: DbExecutor; idempotencyKey?: string } = {}): Promise<void> {
  await enqueueJob(options.db ?? getDb(), PING_INDEXNOW, { url: `${siteUrl()}/blog/${slug}` } satisfies PingPayload, {
    idempotencyKey: options.idempotencyKey,
  });
}
