import { eq, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { findPost, invalidate, type BlogPost } from "../post/posts.server";
import { lockPost } from "./post-versions.server";
import { announce, isScheduled, nextVersion, postEvent, PostNotFound } from "./post-writes.server";

/*
 * The posts list's quick changes: publish or unpublish with one toggle, and delete, each in one transaction
 * with its audit line and events, as the editor's saves (./post-writes.server.ts) are.
 */

/** The list's toggle; with `expectedVersion`, refused (VersionConflict) when the post changed since. */
export async function setPublished(admin: Admin, id: number, published: boolean, expectedVersion?: number): Promise<BlogPost> {
  await getDb().transaction(async (tx) => {
    const before = await lockPost(tx, id, expectedVersion);
    const [row] = await tx
      .update(schema.blogPosts)
      .set({ published, updatedAt: sql`now()`, version: nextVersion, updatedBy: admin.id })
      .where(eq(schema.blogPosts.id, id))
      .returning({ title: schema.blogPosts.title, slug: schema.blogPosts.slug, publishAt: schema.blogPosts.createdAt });
    if (!row) throw new PostNotFound();
    await recordAudit(
      admin,
      published ? "blog.publish" : "blog.unpublish",
      { targetType: "blog_post", targetId: id, summary: `${published ? "Published" : "Unpublished"} "${row.title}"` },
      tx,
    );
    if (!isScheduled(true, row.publishAt)) await announce(tx, row.slug);
    const post = { id, slug: row.slug, title: row.title };
    if (published && !before?.live && !isScheduled(true, row.publishAt)) await postEvent(tx, "published", post);
    if (!published && before?.live) await postEvent(tx, "unpublished", post);
  });
  invalidate();
  return (await findPost(id))!;
}

export async function deletePost(admin: Admin, id: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx.delete(schema.blogPosts).where(eq(schema.blogPosts.id, id)).returning({
      title: schema.blogPosts.title,
      slug: schema.blogPosts.slug,
      published: schema.blogPosts.published,
      publishAt: schema.blogPosts.createdAt,
    });
    if (!row) throw new PostNotFound();
    await recordAudit(
      admin,
      "blog.delete",
      { targetType: "blog_post", targetId: id, summary: `Deleted "${row.title}"`, details: { slug: row.slug } },
      tx,
    );
    if (row.published && !isScheduled(true, row.publishAt)) {
      await announce(tx, row.slug);
      await postEvent(tx, "deleted", { id, slug: row.slug, title: row.title });
    }
  });
  invalidate();
}
