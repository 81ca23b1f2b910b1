/**
 * What the blog tells the rest of the site when a post's public address changes (published, edited,
 * unpublished, deleted): a job queued in the change's own transaction. Who listens registers a handler
 * for it (the IndexNow ping, app/discoverability/indexnow.server.ts); the blog knows none of them.
 */
export const POST_CHANGED_JOB = "blog.post-changed";
export type PostChangedPayload = { slug: string };

/** What a post's webhook event (app/webhooks) carries: who it is and where it is read. */
export function postEventData(post: { id: number; slug: string; title: string }, siteUrl: string) {
  return { post: { id: post.id, slug: post.slug, title: post.title, url: `${siteUrl.replace(/\/+$/, "")}/blog/${post.slug}` } };
}
