import { sql } from "drizzle-orm";
import { getDb, type DbExecutor } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import { emitWebhookEvent } from "~/webhooks/webhooks.server";
import { defineJobType, defineSchedule, enqueueJob } from "~/core/jobs.server";
import { registerPostHtmlJobs } from "./post-html-backfill.server";
import { POST_CHANGED_JOB, POST_LIVE_JOB, postEventData, type PostChangedPayload, type PostLivePayload } from "./post-events";

/**
 * Go-live: a post saved with a future publish date appears by itself when the date passes, and only then
 * is it announced (the save announces only posts already live). Every minute one instance (the schedule's
 * job runs once per period across all of them) queues a "post changed" job for each post that has gone
 * live, keyed by post and publish date: a post seen by two runs, or moved to a later date and going live
 * again, is announced once per publish date.
 */
export const GO_LIVE_JOB = "blog.go-live";
/** Posts that went live longer ago than this are not looked at again (a site down for a week misses them). */
const LOOK_BACK_DAYS = 7;

export async function announcePostsGoneLive(): Promise<number> {
  const db = getDb();
  // Scheduled: the publish date was still ahead when the post was last saved.
  const result = await db.execute(sql`
    select id, slug, title, created_at as "publishAt" from blog_posts
    where published and created_at <= now() and created_at > updated_at
      and created_at > now() - make_interval(days => ${LOOK_BACK_DAYS})`);
  const posts = (result as unknown as { rows: Array<{ id: number; slug: string; title: string; publishAt: Date | string }> }).rows;
  for (const post of posts) {
    const publishAt = new Date(post.publishAt).toISOString();
    const key = `go-live:${post.id}:${publishAt}`;
    await db.transaction(async (tx) => {
      await enqueueJob(tx, POST_CHANGED_JOB, { slug: post.slug } satisfies PostChangedPayload, { idempotencyKey: key });
      // The webhook's post.published, once per endpoint and publish date (the event key), as the announcement.
      await emitWebhookEvent(tx, "post.published", postEventData({ id: Number(post.id), slug: post.slug, title: post.title }, getEnv().SITE_URL), { eventKey: key });
      await enqueuePostLive(tx, post.id);
    });
  }
  return posts.length;
}

/** Tells the listener (onPostLive) that a post went live: once per post, whatever saves or checks see it. */
export async function enqueuePostLive(db: DbExecutor, postId: number): Promise<void> {
  await enqueueJob(db, POST_LIVE_JOB, { postId } satisfies PostLivePayload, { idempotencyKey: `post-live:${postId}` });
}

let postLiveHandler: ((payload: PostLivePayload) => Promise<void>) | undefined;

/** The one listener of "a post went live" (the new-post e-mails), set at start. */
export function onPostLive(handler: (payload: PostLivePayload) => Promise<void>): void {
  postLiveHandler = handler;
}

export function registerBlogJobs(): void {
  defineJobType<PostLivePayload>(POST_LIVE_JOB, async (payload) => {
    await postLiveHandler?.(payload);
  });
  defineJobType(GO_LIVE_JOB, async () => {
    await announcePostsGoneLive();
  });
  defineSchedule("blog-go-live", { everyMinutes: 1 }, GO_LIVE_JOB);
  registerPostHtmlJobs();
}
