import { featureEvents } from "~/core/database/feature-events";

/**
 * What the blog tells the rest of the site about its posts. It knows none of its listeners: they register
 * at start (app/startup.server.ts wires the webhooks; app/audience registers the new-post e-mails).
 *
 * - The **post event**: a post was published (saved live, made live, or gone live at its date), updated
 *   while live, unpublished (made a draft, or moved to a future date), or deleted while live. Listeners
 *   run inside the change's transaction, so what they queue (a webhook delivery, a job) is stored with the
 *   change or not at all.
 * - The **post-changed job** (IndexNow): every save that changes what a public address shows, drafts'
 *   addresses included, a job of its own, as before.
 */
export const POST_CHANGED_JOB = "blog.post-changed";
export type PostChangedPayload = { slug: string };

export type PostEventKind = "published" | "updated" | "unpublished" | "deleted";
type PostEvent = {
  kind: PostEventKind;
  post: { id: number; slug: string; title: string };
  /** News for readers: false when the post arrived by a content import (no new-post e-mails). */
  news: boolean;
  /** The event's own key, when the same event may be seen twice (a post going live, found by two runs). */
  eventKey?: string;
};
const postEvents = featureEvents<PostEvent>();
export const onPostEvent = postEvents.on;
export const emitPostEvent = postEvents.emit;

/** What a post's webhook event (app/webhooks) carries: who it is and where it is read. */
export function postEventData(post: { id: number; slug: string; title: string }, siteUrl: string) {
  return { post: { id: post.id, slug: post.slug, title: post.title, url: `${siteUrl.replace(/\/+$/, "")}/blog/${post.slug}` } };
}
