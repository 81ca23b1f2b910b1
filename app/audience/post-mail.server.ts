import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { emailLink } from "./lists";
import { listMail, NEW_POST_PURPOSE, onList } from "./list-mail.server";
import { newPostMail } from "./mail";

/**
 * New posts by e-mail, a source of the list-mail engine (list-mail.server.ts, decision record 0090). When a
 * post goes live (the blog's post event "published", news; POST_LIVE_JOB once per post), each confirmed blog
 * subscriber gets one delivery row, and the engine's batches queue the e-mails within the hourly budget.
 * A post taken down meanwhile sends nothing more. Its campaign is `post:ID`.
 */
const POST_MAIL_JOB = "audience.post-mail";
/** Queued in the publishing transaction, once per post; its name is from when the blog queued it (queued jobs stay runnable). */
export const POST_LIVE_JOB = "blog.post-live";

const posts = schema.blogPosts;
const postCampaign = (postId: number): string => `post:${postId}`;

export const postMail = listMail({
  job: POST_MAIL_JOB,
  keyPrefix: "post-mail",
  idKey: "postId",
  deliveries: schema.postDeliveries,
  itemColumn: schema.postDeliveries.postId,
  itemId: posts.id,
  purpose: NEW_POST_PURPOSE,
  campaign: postCampaign,
  feedbackId: (postId) => `post-${postId}`,
  load: async (tx, postId) => {
    const [post] = await tx
      .select({
        id: posts.id,
        title: posts.title,
        excerpt: posts.excerpt,
        slug: posts.slug,
        live: sql<boolean>`(${posts.published} and ${posts.createdAt} <= now())`,
      })
      .from(posts)
      .where(eq(posts.id, postId));
    return post ?? null;
  },
  list: () => "blog",
  // Taken down since it went live: its readers are skipped.
  message: (post, _prepared, leave) =>
    post.live ? { content: newPostMail(post, emailLink(getEnv().SITE_URL, `/blog/${post.slug}`, `post-${post.id}`), leave) } : null,
});

/** The fan-out of a post that went live: a row per person on the blog list (a repeat adds none), then the first batch. */
export async function startPostMail(postId: number): Promise<number> {
  return getDb().transaction((tx) => postMail.start(tx, postId, onList("blog"), `The e-mails of new post #${postId}`));
}
