import { POST_CHANGED_JOB, type PostChangedPayload } from "~/blog/writing/post-events";
import { defineJobType } from "~/core/jobs/jobs.server";
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
