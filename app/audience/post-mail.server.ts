import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import { defineJobType, enqueueJob } from "~/core/jobs.server";
import { logger } from "~/core/logger.server";
import { onPostEvent } from "~/blog/post-events";
import { openCampaign } from "~/deliverability/campaigns.server";
import { queueMail } from "~/mail/outbox.server";
import { loadSuppressionKey, suppressedAmong } from "~/deliverability/suppressions.server";
import { registerBroadcastJobs } from "./broadcast-mail.server";
import { feedbackIdHeader } from "./broadcasts";
import { emailLink } from "./lists";
import { afterBudgetWait, listMailRoom, NEW_POST_PURPOSE } from "./list-mail.server";
import { listHeaders, newPostMail } from "./mail";
import { loadUnsubscribeKey, unsubscribeLink } from "./subscriptions.server";

/**
 * New posts by e-mail. When a post goes live (the blog's post event "published", news; POST_LIVE_JOB once per post), one delivery row per
 * confirmed blog subscriber is written (primary key: post and subscriber, so never two); then batches of the
 * job runner turn rows into outbox messages, each row marked in the same transaction as its message is
 * queued. A batch that dies half-way, an instance that stops, a second instance: no row is mailed twice.
 * Each batch stays within the site-wide hourly mail budget (PUBLIC_MAIL_HOURLY_BUDGET), the public forms'
 * own mail going first; past it, the next batch waits.
 */
export const POST_MAIL_JOB = "audience.post-mail";
type PostMailPayload = { postId: number; batch: number };
/** Queued in the publishing transaction, once per post; its name is from when the blog queued it (queued jobs stay runnable). */
const POST_LIVE_JOB = "blog.post-live";

const deliveries = schema.postDeliveries;
const subscribers = schema.subscribers;

/** The fan-out: a row per confirmed blog subscriber (a repeat adds none), then the first batch. */
export async function startPostMail(postId: number): Promise<number> {
  return getDb().transaction(async (tx) => {
    const rows = await tx.execute(sql`
      insert into ${deliveries} (post_id, subscriber_id)
      select ${postId}, id from ${subscribers} where list = 'blog' and state = 'confirmed'
        and exists (select 1 from blog_posts where id = ${postId})
      on conflict do nothing
      returning subscriber_id`);
    const added = (rows as unknown as { rows: unknown[] }).rows.length;
    // Its bounces and complaints are counted from here, and can pause it (issue 51).
    if (added) await openCampaign(tx, `post:${postId}`, `The e-mails of new post #${postId}`);
    if (added) await enqueueJob(tx, POST_MAIL_JOB, { postId, batch: 1 } satisfies PostMailPayload, { idempotencyKey: `post-mail:${postId}:1` });
    logger.info({ postId, subscribers: added }, "new-post e-mails to queue");
    return added;
  });
}

/** Queues one batch of the post's e-mails; the next batch is a job of its own. */
export async function sendPostMailBatch({ postId, batch }: PostMailPayload): Promise<void> {
  const env = getEnv();
  await loadUnsubscribeKey();
  await loadSuppressionKey();
  await getDb().transaction(async (tx) => {
    const room = await listMailRoom(tx);
    const next = (runAt?: Date) =>
      enqueueJob(tx, POST_MAIL_JOB, { postId, batch: batch + 1 } satisfies PostMailPayload, { idempotencyKey: `post-mail:${postId}:${batch + 1}`, ...(runAt ? { runAt } : {}) });
    if (room <= 0) {
      await next(afterBudgetWait());
      return;
    }
    const rows = await tx.execute(sql`
      select d.subscriber_id as "subscriberId", s.email, s.state, p.title, p.excerpt, p.slug,
        (p.published and p.created_at <= now()) as live
      from ${deliveries} d
      join ${subscribers} s on s.id = d.subscriber_id
      join blog_posts p on p.id = d.post_id
      where d.post_id = ${postId} and d.done_at is null
      order by d.subscriber_id
      limit ${room}
      for update of d skip locked`);
    const todo = (rows as unknown as { rows: Array<{ subscriberId: number; email: string; state: string; title: string; excerpt: string; slug: string; live: boolean }> }).rows;
    const suppressed = await suppressedAmong(tx, todo.map((row) => row.email));
    for (const row of todo) {
      let mailId: number | null = null;
      // Left the list (or the post was taken down) since the fan-out, or suppressed (issue 51): nothing is sent.
      if (row.state === "confirmed" && row.live && !suppressed.has(row.email.toLowerCase())) {
        const leave = await unsubscribeLink(row.subscriberId);
        const link = emailLink(env.SITE_URL, `/blog/${row.slug}`, `post-${postId}`);
        mailId = await queueMail(tx, {
          purpose: NEW_POST_PURPOSE,
          to: row.email,
          content: newPostMail({ title: row.title, excerpt: row.excerpt }, link, leave),
          headers: { ...listHeaders(leave), "Feedback-ID": feedbackIdHeader(`post-${postId}`, "blog", env.SITE_URL) },
          bulk: true,
          campaign: `post:${postId}`,
        });
      }
      await tx
        .update(deliveries)
        .set({ mailId, doneAt: sql`now()` })
        .where(and(eq(deliveries.postId, postId), eq(deliveries.subscriberId, row.subscriberId), isNull(deliveries.doneAt)));
    }
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(and(eq(deliveries.postId, postId), isNull(deliveries.doneAt)));
    if (Number(left?.n ?? 0) > 0) await next();
  });
}

export function registerAudienceJobs(): void {
  onPostEvent("new-post-mail", async (db, event) => {
    if (event.kind === "published" && event.news) await enqueueJob(db, POST_LIVE_JOB, { postId: event.post.id }, { idempotencyKey: `post-live:${event.post.id}` });
  });
  defineJobType<{ postId: number }>(POST_LIVE_JOB, async ({ postId }) => void (await startPostMail(postId)));
  defineJobType<PostMailPayload>(POST_MAIL_JOB, sendPostMailBatch);
  registerBroadcastJobs();
}
