import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/core/database/db.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import { emitPostEvent, POST_CHANGED_JOB, type PostChangedPayload } from "./post-events";

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
  const result = await rowsOf<{ id: number; slug: string; title: string; publishAt: Date | string }>(
    db,
    sql`
    select id, slug, title, created_at as "publishAt" from blog_posts
    where published and created_at <= now() and created_at > updated_at
      and created_at > now() - make_interval(days => ${LOOK_BACK_DAYS})`,
  );
  const posts = result;
  for (const post of posts) {
    const publishAt = new Date(post.publishAt).toISOString();
    const key = `go-live:${post.id}:${publishAt}`;
    await db.transaction(async (tx) => {
      await enqueueJob(tx, POST_CHANGED_JOB, { slug: post.slug } satisfies PostChangedPayload, { idempotencyKey: key });
      // Published, once per publish date (the event key): the webhooks' post.published, the new-post e-mails.
      await emitPostEvent(tx, {
        kind: "published",
        post: { id: Number(post.id), slug: post.slug, title: post.title },
        news: true,
        eventKey: key,
      });
    });
  }
  return posts.length;
}
