import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { faultPoint } from "~/core/instance/faults.server";
import { findPost } from "../post/posts.server";
import { revisionDiff, revisionsToThin, type Revision, type RevisionDiff, type RevisionFields, type RevisionSummary } from "./revisions";
import type { BlogPostInput } from "../post/schema";

/** A post's revisions: one per save, written in the save's transaction, thinned past MAX_REVISIONS. */

export class RevisionNotFound extends Error {}

const r = schema.blogPostRevisions;

function revisionFields(input: BlogPostInput): RevisionFields {
  const { author, category, tags, imageAlt, metaTitle, metaDescription, canonicalUrl, socialImage, socialTitle, noindex } = input;
  return {
    author,
    category,
    tags,
    imageAlt: imageAlt ?? null,
    metaTitle,
    metaDescription,
    canonicalUrl,
    socialImage,
    socialTitle,
    noindex,
  };
}

/** Keeps this save of the post as a revision (in the save's transaction), then thins the old ones. */
export async function recordRevision(
  db: DbExecutor,
  admin: Admin,
  postId: number,
  input: BlogPostInput,
  restoredFromId: number | null = null,
): Promise<void> {
  await keepRevision(db, admin, postId, input, revisionFields(input), { restoredFromId });
}

/** A revision's row from its text and fields; `autosaveStartedAt` marks a draft's autosave run. */
export async function keepRevision(
  db: DbExecutor,
  admin: Admin,
  postId: number,
  text: { title: string; excerpt: string; content: string },
  fields: RevisionFields,
  marks: { restoredFromId?: number | null; autosaveStartedAt?: SQL } = {},
): Promise<void> {
  faultPoint("blog.revision");
  await db.insert(r).values({
    postId,
    title: text.title,
    excerpt: text.excerpt,
    content: text.content,
    fields,
    adminUserId: admin.id,
    actorEmail: admin.email,
    restoredFromId: marks.restoredFromId ?? null,
    autosaveStartedAt: marks.autosaveStartedAt ?? null,
  });
  const all = await db
    .select({ id: r.id, createdAt: r.createdAt })
    .from(r)
    .where(eq(r.postId, postId))
    .orderBy(desc(r.createdAt), desc(r.id));
  const drop = revisionsToThin(
    all.map((row) => ({ id: row.id, createdAt: row.createdAt.getTime() })),
    Date.now(),
  );
  if (drop.length > 0) await db.delete(r).where(inArray(r.id, drop));
}

const summaryColumns = { id: r.id, createdAt: r.createdAt, actorEmail: r.actorEmail, title: r.title, restoredFromId: r.restoredFromId };

/** Newest first. */
export async function listRevisions(postId: number): Promise<RevisionSummary[]> {
  const rows = await getDb().select(summaryColumns).from(r).where(eq(r.postId, postId)).orderBy(desc(r.createdAt), desc(r.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function findRevision(postId: number, revisionId: number): Promise<Revision> {
  const [row] = await getDb()
    .select({ ...summaryColumns, excerpt: r.excerpt, content: r.content, fields: r.fields })
    .from(r)
    .where(and(eq(r.postId, postId), eq(r.id, revisionId)));
  if (!row) throw new RevisionNotFound();
  return { ...row, createdAt: row.createdAt.toISOString(), fields: row.fields as RevisionFields };
}

/** One revision and what changed from it to the post's current text. */
export async function revisionWithDiff(postId: number, revisionId: number): Promise<{ revision: Revision; diff: RevisionDiff }> {
  const post = await findPost(postId);
  if (!post) throw new RevisionNotFound();
  const revision = await findRevision(postId, revisionId);
  return { revision, diff: revisionDiff(revision, post) };
}
