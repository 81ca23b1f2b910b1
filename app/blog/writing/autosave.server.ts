import { desc, eq, sql } from "drizzle-orm";
import type { StaffMember } from "~/auth/session.server";
import { dbNow } from "~/core/database/db-clock.server";
import { getDb, schema } from "~/core/database/db.server";
import { replacesAutosaveRevision, type AutosaveInput } from "./autosave";
import { PostNotFound } from "./post-writes.server";
import { lockPost } from "./post-versions.server";
import { invalidate } from "../post/posts.server";
import { keepRevision } from "./revisions.server";

/**
 * The editor's autosave (decision record 0042). A draft or scheduled post is saved itself (its text only:
 * no audit line, announcement or webhook, nothing public changes), and one member's autosaves within 10
 * minutes share one revision. A live post is never touched: its unsaved text waits in blog_post_pending,
 * one row per post, until the next full save (which clears it) or a discard.
 */

export type AutosaveAnswer = { savedAt: string; version: number; pending: boolean };
export type PendingText = {
  title: string;
  content: string;
  excerpt: string;
  savedAt: string;
  savedBy: { id: number; name: string };
  baseVersion: number;
};

const p = schema.blogPosts;
const pending = schema.blogPostPending;
const r = schema.blogPostRevisions;

/** Saves the editor's text; VersionConflict when the post moved on since `input.version`. */
export async function autosave(staff: StaffMember, postId: number, input: AutosaveInput): Promise<AutosaveAnswer> {
  const answer = await getDb().transaction(async (tx) => {
    const post = await lockPost(tx, postId, input.version);
    if (!post) throw new PostNotFound();
    const text = { title: input.title, content: input.content, excerpt: input.excerpt ?? post.excerpt };
    if (post.live) {
      const [row] = await tx
        .insert(pending)
        .values({ postId, ...text, savedBy: staff.id, baseVersion: post.version })
        .onConflictDoUpdate({ target: pending.postId, set: { ...text, savedAt: sql`now()`, savedBy: staff.id, baseVersion: post.version } })
        .returning({ savedAt: pending.savedAt });
      return { savedAt: row!.savedAt.toISOString(), version: post.version, pending: true };
    }
    const [saved] = await tx
      .update(p)
      .set({ ...text, version: sql`${p.version} + 1`, updatedAt: sql`now()`, updatedBy: staff.id })
      .where(eq(p.id, postId))
      .returning();
    // The text now lives in the post itself: an older pending text (from when it was live) is spent.
    await tx.delete(pending).where(eq(pending.postId, postId));
    const { author, category, tags, imageAlt, metaTitle, metaDescription, canonicalUrl, socialImage, socialTitle, noindex } = saved!;
    const fields = { author, category, tags, imageAlt, metaTitle, metaDescription, canonicalUrl, socialImage, socialTitle, noindex };
    const [newest] = await tx
      .select({ id: r.id, adminUserId: r.adminUserId, autosaveStartedAt: r.autosaveStartedAt })
      .from(r)
      .where(eq(r.postId, postId))
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(1);
    if (newest && replacesAutosaveRevision(newest, staff.id, dbNow())) {
      await tx
        .update(r)
        .set({ ...text, fields, actorEmail: staff.email, createdAt: sql`now()` })
        .where(eq(r.id, newest.id));
    } else {
      await keepRevision(tx, staff, postId, text, fields, { autosaveStartedAt: sql`now()` });
    }
    return { savedAt: saved!.updatedAt.toISOString(), version: saved!.version, pending: false };
  });
  if (!answer.pending) invalidate();
  return answer;
}

/** The post's pending text, with who saved it (by their current name), or null. */
export async function findPending(postId: number): Promise<PendingText | null> {
  const [row] = await getDb()
    .select({
      title: pending.title,
      content: pending.content,
      excerpt: pending.excerpt,
      savedAt: pending.savedAt,
      savedById: pending.savedBy,
      savedByName: schema.adminUsers.name,
      baseVersion: pending.baseVersion,
    })
    .from(pending)
    .innerJoin(schema.adminUsers, eq(schema.adminUsers.id, pending.savedBy))
    .where(eq(pending.postId, postId));
  if (!row) return null;
  const { savedById, savedByName, savedAt, ...text } = row;
  return { ...text, savedAt: savedAt.toISOString(), savedBy: { id: savedById, name: savedByName } };
}

export async function discardPending(postId: number): Promise<void> {
  await getDb().delete(pending).where(eq(pending.postId, postId));
}
