import { eq, sql } from "drizzle-orm";
import { keepRenderedBody } from "../reading/rendered-body.server";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { dbNow } from "~/core/database/db-clock.server";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { faultPoint } from "~/core/instance/faults.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import { claimCreateKey, createRequestHash, settleCreateKey } from "./create-requests.server";
import { processImage, removePostImage, storePostImage, type ProcessedImage } from "../media/image.server";
import { emitPostEvent, POST_CHANGED_JOB, type PostChangedPayload, type PostEventKind } from "./post-events";
import { findPost, findPostFresh, invalidate, type BlogPost } from "../post/posts.server";
import { recordRevision } from "./revisions.server";
import { lockPost } from "./post-versions.server";
import { redirectsChanged } from "~/redirects/redirects.server";
import { authorOf } from "../reading/authors.server";
import { followAuthor, releaseLivePagesOf } from "./post-addresses.server";
import type { BlogPostInput } from "../post/schema";
import { assertSlugFree, claimSlug, isUniqueViolation, keepOldSlug, SlugTaken, uniqueSlug } from "./slugs.server";

/**
 * Writing posts: create and edit (publish, unpublish and delete: ./post-list-changes.server.ts). Each lands whole or not at all: the post,
 * its image, its address and old addresses, its audit line and the jobs it causes are written in one
 * transaction. The slow part that needs no lock (decoding and re-encoding an upload) is done before it.
 * Why, and how tests prove it: docs/decisions/0011-write-boundaries.md.
 */

export class PostNotFound extends Error {}
/** A revision whose fields no longer pass today's rules (answered 422 with the reason). */
export class RevisionNotRestorable extends Error {}

/** An upload decoded and re-encoded before the save's transaction (null: no new upload). */
async function prepareImage(input: BlogPostInput): Promise<ProcessedImage | null> {
  return input.imageData && input.imageMimeType ? processImage(Buffer.from(input.imageData, "base64")) : null;
}

/**
 * Published with a publish date still ahead: its address answers 404 until then, so it is announced when
 * it goes live (app/blog/writing/go-live.server.ts), not at save. Ahead by the database's clock, which decides
 * when the post goes live.
 */
export function isScheduled(published: boolean, publishAt: Date | null | undefined): boolean {
  return published && publishAt != null && publishAt.getTime() > dbNow().getTime();
}

/** Every saved change of a post counts one version (decision record 0042). */
export const nextVersion = sql`${schema.blogPosts.version} + 1`;

/** Tells the post's listeners (webhooks, new-post e-mails) in the change's transaction; `news` false for an import. */
export const postEvent = (tx: DbExecutor, kind: PostEventKind, post: { id: number; slug: string; title: string }, news = true) =>
  emitPostEvent(tx, { kind, post, news });

/** Tells whoever listens (IndexNow) that a post's public address changed, in the change's transaction. */
export async function announce(db: DbExecutor, slug: string): Promise<void> {
  faultPoint("job");
  await enqueueJob(db, POST_CHANGED_JOB, { slug } satisfies PostChangedPayload);
}

/**
 * Creates a post. With an idempotency key, a repeat of the same request answers the post the first made
 * (and a different body with the same key is refused: CreateKeyReused).
 */
/** `input.authorId` is the staff member the post belongs to: the route decides who may set it. */
export async function createPost(
  admin: Admin,
  input: BlogPostInput & { authorId: number },
  options: { idempotencyKey?: string } = {},
): Promise<BlogPost> {
  const image = await prepareImage(input);
  const key = options.idempotencyKey;
  const requestHash = key ? createRequestHash(input) : "";
  for (let attempt = 0; ; attempt++) {
    try {
      const slug = input.slug ?? (await uniqueSlug(input.title));
      const id = await getDb().transaction(async (tx) => {
        if (key) {
          const earlier = await claimCreateKey(tx, admin.id, key, requestHash);
          if (earlier !== null) return earlier;
        }
        if (input.slug) await assertSlugFree(tx, slug, null);
        const postId = await insertPostIn(tx, admin, input, slug, image);
        if (key) await settleCreateKey(tx, admin.id, key, postId);
        return postId;
      });
      invalidate();
      const created = (await findPost(id))!;
      void keepRenderedBody(created);
      return created;
    } catch (error) {
      // Two posts with the same title at the same moment: take the next free slug.
      if (isUniqueViolation(error) && input.slug) throw new SlugTaken();
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A new post's rows inside the caller's transaction: the post, its image, its revision, its audit line and
 * its announcement. The editor's create and the content import (content-import.server.ts) both write
 * through here; the caller checks the slug is free and calls invalidate() after the commit.
 */
export async function insertPostIn(
  tx: DbExecutor,
  admin: Admin,
  input: BlogPostInput,
  slug: string,
  image: ProcessedImage | null,
  options: { auditAction?: string; summary?: string; updatedAt?: Date; news?: boolean } = {},
): Promise<number> {
  await claimSlug(tx, slug);
  if (input.published) await releaseLivePagesOf(tx, input);
  // An imported post keeps when it was last changed (never later than now: caches compare it).
  const updatedAt = options.updatedAt && options.updatedAt.getTime() < dbNow().getTime() ? { updatedAt: options.updatedAt } : {};
  const [row] = await tx
    .insert(schema.blogPosts)
    .values({ slug, ...postFields(input), image: image ? null : input.image, ...updatedAt, updatedBy: admin.id })
    .returning({ id: schema.blogPosts.id });
  const postId = row!.id;
  if (image) await storePostImage(tx, postId, image, input.imageOriginalName);
  await recordRevision(tx, admin, postId, input);
  const summary = options.summary ?? `Created "${input.title}"`;
  await recordAudit(
    admin,
    options.auditAction ?? "blog.create",
    { targetType: "blog_post", targetId: postId, summary, details: { slug, published: input.published } },
    tx,
  );
  if (input.published && !isScheduled(true, input.createdAt)) {
    await announce(tx, slug);
    await postEvent(tx, "published", { id: postId, slug, title: input.title }, options.news);
  }
  return postId;
}

/** The columns a full edit or a create sets from the editor's input. */
function postFields(input: BlogPostInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    author: input.author,
    // Kept unless the route passes one (only editors and up may give a post to someone else).
    ...(input.authorId ? { authorId: input.authorId } : {}),
    category: input.category,
    content: input.content,
    imageAlt: input.imageAlt,
    tags: input.tags,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    canonicalUrl: input.canonicalUrl,
    socialImage: input.socialImage,
    socialTitle: input.socialTitle,
    noindex: input.noindex,
    published: input.published,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  };
}

/**
 * A full edit. The slug changes only when the editor sends a different one; the old address is kept in
 * the slug history so shared links answer 301 to the new one.
 */
export async function updatePost(
  admin: Admin,
  id: number,
  input: BlogPostInput,
  options: { restoredFromId?: number; expectedVersion?: number } = {},
): Promise<BlogPost> {
  const existing = await findPostFresh(id);
  if (!existing) throw new PostNotFound();
  const image = await prepareImage(input);
  try {
    await getDb().transaction(async (tx) => {
      // A stale editor's save is refused (VersionConflict) before anything is written.
      if (!(await lockPost(tx, id, options.expectedVersion))) throw new PostNotFound();
      await updatePostIn(tx, admin, existing, input, image, options);
      // A full save is the text the editor meant: a live post's autosaved text is spent (a restore keeps it).
      if (!options.restoredFromId) await tx.delete(schema.blogPostPending).where(eq(schema.blogPostPending.postId, id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTaken();
    throw error;
  }
  invalidate();
  if (authorOf(existing).slug !== authorOf(input).slug) redirectsChanged();
  const updated = (await findPost(id))!;
  void keepRenderedBody(updated);
  return updated;
}

/**
 * A full edit's rows inside the caller's transaction (the editor's save, a restore, the content import);
 * the caller calls invalidate() after the commit.
 */
export async function updatePostIn(
  tx: DbExecutor,
  admin: Admin,
  existing: BlogPost,
  input: BlogPostInput,
  image: ProcessedImage | null,
  options: { restoredFromId?: number; auditAction?: string; news?: boolean } = {},
): Promise<void> {
  const id = existing.id;
  const newSlug = input.slug && input.slug !== existing.slug ? input.slug : null;
  if (newSlug) {
    await assertSlugFree(tx, newSlug, id);
    await claimSlug(tx, newSlug);
    await keepOldSlug(tx, existing.slug, id);
  }
  await followAuthor(tx, existing, input);
  if (input.published) await releaseLivePagesOf(tx, input);
  const imageUrl = await applyImage(tx, id, input, image, existing);
  await tx
    .update(schema.blogPosts)
    // Always the real time of the change (not the client's value): other instances' caches key on it.
    .set({
      ...(newSlug ? { slug: newSlug } : {}),
      ...postFields(input),
      image: imageUrl,
      updatedAt: sql`now()`,
      version: nextVersion,
      updatedBy: admin.id,
    })
    .where(eq(schema.blogPosts.id, id));
  await recordRevision(tx, admin, id, input, options.restoredFromId ?? null);
  await recordAudit(
    admin,
    options.auditAction ?? (options.restoredFromId ? "blog.restore_revision" : "blog.update"),
    {
      targetType: "blog_post",
      targetId: id,
      summary: options.restoredFromId ? `Restored an earlier revision of "${input.title}"` : `Updated "${input.title}"`,
      details: { published: input.published, ...(newSlug ? { slug: newSlug, previousSlug: existing.slug } : {}) },
    },
    tx,
  );
  // Published or unpublished, search engines should fetch the address again (scheduled: at go-live).
  if (!isScheduled(input.published, input.createdAt ?? new Date(existing.createdAt))) await announce(tx, newSlug ?? existing.slug);
  // An edit of a live post is an update; a draft or scheduled post made live, a publication; a live post made a draft or dated ahead, its withdrawal.
  const post = { id, slug: newSlug ?? existing.slug, title: input.title };
  const nowLive = input.published && !isScheduled(input.published, input.createdAt ?? new Date(existing.createdAt));
  if (existing.live && nowLive) await postEvent(tx, "updated", post, options.news);
  else if (!existing.live && nowLive) await postEvent(tx, "published", post, options.news);
  else if (existing.live && !nowLive) await postEvent(tx, "unpublished", post, options.news);
}

/** The post's `image` column after an edit; the stored upload is replaced, kept or dropped in the same transaction. */
async function applyImage(
  db: DbExecutor,
  postId: number,
  input: BlogPostInput,
  image: ProcessedImage | null,
  existing: BlogPost,
): Promise<string | null> {
  if (image) {
    await storePostImage(db, postId, image, input.imageOriginalName);
    return null;
  }
  // The post's own image address sent back unchanged (the editor echoes `image`) keeps the upload.
  if (existing.hasStoredImage && input.image?.startsWith(`/api/blog/${postId}/image`)) return null;
  if (existing.hasStoredImage) await removePostImage(db, postId);
  return input.image;
}
