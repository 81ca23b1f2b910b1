/**
 * What the blog tells the rest of the site when a post's public address changes (published, edited,
 * unpublished, deleted): a job queued in the change's own transaction. Who listens registers a handler
 * for it (the IndexNow ping, app/discoverability/indexnow.server.ts); the blog knows none of them.
 */
export const POST_CHANGED_JOB = "blog.post-changed";
export type PostChangedPayload = { slug: string };

/**
 * A post went live: published now, or its scheduled publish date passed (never an edit of a live post).
 * Queued once per post (idempotency key `post-live:ID`), in the publishing transaction or by the go-live
 * check (go-live.server.ts). Whoever listens (the new-post e-mails, app/audience) sets the handler with
 * onPostLive before the job runner starts; without one, the job does nothing.
 */
export const POST_LIVE_JOB = "blog.post-live";
export type PostLivePayload = { postId: number };

/** What a post's webhook event (app/webhooks) carries: who it is and where it is read. */
export function postEventData(post: { id: number; slug: string; title: string }, siteUrl: string) {
  return { post: { id: post.id, slug: post.slug, title: post.title, url: `${siteUrl.replace(/\/+$/, "")}/blog/${post.slug}` } };
}
