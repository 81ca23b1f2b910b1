import { sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { emptyCounts, type ArchivedPost, type ImportReport } from "./content-archive";
import { readImportOffThread, type ImportUpload } from "./import-read.server";
import { acceptArchivedImage, ImageRejected, type ProcessedImage } from "../media/image.server";
import { insertPostIn, updatePostIn } from "../writing/post-writes.server";
import { invalidate, listPosts, type BlogPost } from "../post/posts.server";
import { blogPostInputSchema, slugify, type BlogPostInput } from "../post/schema";
import { tagsChanged } from "../reading/tags.server";
import { tagSlug } from "../post/tags";
import { searchFieldsOf } from "../post/search-fields";
import { enqueuePostHtmlBackfill } from "../reading/post-html-backfill.server";

/**
 * POST /api/admin/import: our own archive (a zip from GET /api/admin/export) or a Ghost JSON export, written
 * through the editor's write path (revisions, audit, announcements, cache versions) in ONE transaction.
 *
 * Idempotent: a post is matched by its slug; when every field it would set already holds the same value
 * (title, excerpt, text, byline, category, tags, image, search fields, state and publish date) it is
 * skipped, otherwise updated (a new revision). Tags are matched by slug, images by their hash (the name
 * the site gives them). So importing the same file twice reports everything skipped the second time and
 * writes nothing. Why: docs/decisions/0021-content-archive.md.
 */

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** True when saving `input` (with cover `cover`) over `post` would change nothing. */
function unchanged(post: BlogPost, input: BlogPostInput, cover: string | null): boolean {
  const imageSame = cover ? post.hasStoredImage && post.imageVersion === cover : !post.hasStoredImage && same(post.image, input.image);
  return (
    imageSame &&
    post.title === input.title &&
    post.excerpt === input.excerpt &&
    post.content === input.content &&
    post.author === input.author &&
    post.category === input.category &&
    same(post.tags, input.tags) &&
    same(post.imageAlt, input.imageAlt) &&
    same(post.metaTitle, input.metaTitle) &&
    same(post.metaDescription, input.metaDescription) &&
    same(post.canonicalUrl, input.canonicalUrl) &&
    same(post.socialImage, input.socialImage) &&
    same(post.socialTitle, input.socialTitle) &&
    post.noindex === input.noindex &&
    post.published === input.published &&
    Date.parse(post.createdAt) === input.createdAt?.getTime()
  );
}

function validSlug(slug: string): string {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) && slug.length <= 80 ? slug : slugify(slug);
}

export async function importContent(admin: Admin, upload: ImportUpload): Promise<ImportReport> {
  const { source, content, imageBytes } = await readImportOffThread(upload);
  const report: ImportReport = { source, ...emptyCounts(), problems: [] };
  const db = getDb();

  // Checked before the transaction (decoding images is slow and needs no lock).
  const images = new Map<string, ProcessedImage>();
  for (const image of content.images) {
    try {
      images.set(image.hash, await acceptArchivedImage(Buffer.from(imageBytes.get(image.hash)!), image.hash));
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      report.problems.push({ item: `image ${image.hash}`, message: error.message });
    }
  }
  const staff = await db
    .select({ id: schema.adminUsers.id, email: schema.adminUsers.email, name: schema.adminUsers.name })
    .from(schema.adminUsers);
  const staffByEmail = new Map(staff.filter((m) => m.email).map((m) => [m.email!.toLowerCase(), m]));
  const existingPosts = await listPosts({ includeDrafts: true });
  const bySlug = new Map(existingPosts.map((post) => [post.slug, post]));
  const knownAuthors = new Set([
    ...existingPosts.map((post) => post.author.trim().toLowerCase()),
    ...staff.map((m) => m.name.trim().toLowerCase()).filter(Boolean),
  ]);

  type Planned = {
    post: ArchivedPost;
    input: BlogPostInput & { authorId: number | null };
    cover: ProcessedImage | null;
    existing: BlogPost | undefined;
  };
  const planned: Planned[] = [];
  const seenSlugs = new Set<string>();
  for (const post of content.posts) {
    const slug = validSlug(post.slug);
    if (seenSlugs.has(slug)) {
      report.problems.push({ item: `post ${post.slug}`, message: "Another post in the file has the same address" });
      report.skipped.posts += 1;
      continue;
    }
    seenSlugs.add(slug);
    const owner = post.authorEmail ? staffByEmail.get(post.authorEmail.toLowerCase()) : undefined;
    const cover = post.cover ? (images.get(post.cover.hash) ?? null) : null;
    const existing = bySlug.get(slug);
    const parsed = blogPostInputSchema.safeParse({
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      author: post.author,
      category: post.category,
      tags: post.tags,
      // An unchanged cover keeps the post's stored upload (as the editor echoing its image address does).
      image: cover && existing?.hasStoredImage ? `/api/blog/${existing.id}/image` : post.image,
      imageOriginalName: post.cover?.originalName ?? null,
      imageAlt: post.imageAlt,
      ...searchFieldsOf(post),
      published: post.published,
      createdAt: post.publishAt,
      slug,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      report.problems.push({ item: `post ${post.slug}`, message: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? "not valid"}` });
      report.skipped.posts += 1;
      continue;
    }
    const input = { ...parsed.data, authorId: owner?.id ?? null };
    if (existing && unchanged(existing, input, cover?.etag ?? null)) {
      report.skipped.posts += 1;
      if (cover) report.skipped.images += 1;
      continue;
    }
    const coverChanged = cover !== null && !(existing?.hasStoredImage && existing.imageVersion === cover.etag);
    planned.push({ post, input, cover: coverChanged ? cover : null, existing });
    if (cover) report[coverChanged ? (existing?.hasStoredImage ? "updated" : "created") : "skipped"].images += 1;
    report[existing ? "updated" : "created"].posts += 1;
  }

  // Authors: a byline is its author (app/blog/reading/authors.server.ts); a staff member is matched by e-mail.
  const authorNames = new Map<string, string | null>();
  for (const author of content.authors) authorNames.set(author.name.trim(), author.email);
  for (const post of content.posts) if (!authorNames.has(post.author.trim())) authorNames.set(post.author.trim(), post.authorEmail);
  for (const [name, email] of authorNames) {
    const known = (email && staffByEmail.has(email.toLowerCase())) || knownAuthors.has(name.toLowerCase());
    report[known ? "skipped" : "created"].authors += 1;
  }

  const tagRows = await db.select().from(schema.blogTags);
  const tagsBySlug = new Map(tagRows.map((row) => [row.slug, row]));
  const tagWrites: Array<{ slug: string; name: string; description: string; isNew: boolean }> = [];
  const seenTags = new Set<string>();
  for (const tag of content.tags) {
    const slug = tagSlug(tag.name);
    const name = tag.name.trim().slice(0, 40);
    const description = tag.description.trim().slice(0, 500);
    if (!slug || !name || seenTags.has(slug)) continue;
    seenTags.add(slug);
    const row = tagsBySlug.get(slug);
    if (row && row.name === name && row.description === description) report.skipped.tags += 1;
    else {
      tagWrites.push({ slug, name, description, isNew: !row });
      report[row ? "updated" : "created"].tags += 1;
    }
  }

  const mediaRows = await db.select({ hash: schema.blogMedia.hash }).from(schema.blogMedia);
  const knownMedia = new Set(mediaRows.map((row) => row.hash));
  const newMedia = content.images.filter((image) => image.kind === "media" && images.has(image.hash) && !knownMedia.has(image.hash));
  report.skipped.images += content.images.filter((image) => image.kind === "media" && knownMedia.has(image.hash)).length;
  report.created.images += newMedia.length;

  const anything = planned.length + tagWrites.length + newMedia.length > 0;
  if (!anything) return report;

  await db.transaction(async (tx) => {
    for (const image of newMedia) {
      const stored = images.get(image.hash)!;
      await tx
        .insert(schema.blogMedia)
        .values({
          hash: stored.etag,
          data: stored.data,
          mimeType: stored.mimeType,
          width: stored.width,
          height: stored.height,
          originalName: image.originalName,
          uploadedBy: admin.id,
        })
        .onConflictDoNothing();
    }
    for (const tag of tagWrites) {
      await tx
        .insert(schema.blogTags)
        .values({ slug: tag.slug, name: tag.name, description: tag.description })
        .onConflictDoUpdate({ target: schema.blogTags.slug, set: { name: tag.name, description: tag.description, updatedAt: sql`now()` } });
    }
    for (const { post, input, cover, existing } of planned) {
      if (existing) {
        await updatePostIn(tx, admin, existing, input, cover, { auditAction: "blog.import_update", news: false });
        continue;
      }
      const postId = await insertPostIn(tx, admin, input, input.slug!, cover, {
        auditAction: "blog.import",
        news: false,
        summary: `Imported "${input.title}"`,
        updatedAt: post.updatedAt ? new Date(post.updatedAt) : undefined,
      });
      // Its old addresses keep answering 301 to it, unless the address is a post's or already redirects elsewhere.
      for (const oldSlug of post.oldSlugs ?? []) {
        if (oldSlug === input.slug || bySlug.has(oldSlug) || seenSlugs.has(oldSlug) || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(oldSlug))
          continue;
        await tx.insert(schema.blogSlugHistory).values({ slug: oldSlug, postId }).onConflictDoNothing();
      }
      // The post's earlier history, when the archive carries it (kept as it was; the import's own save is the newest).
      for (const revision of post.revisions ?? []) {
        await tx.insert(schema.blogPostRevisions).values({
          postId,
          title: revision.title,
          excerpt: revision.excerpt,
          content: revision.content,
          fields: revision.fields,
          adminUserId: null,
          actorEmail: revision.actorEmail,
          createdAt: new Date(Math.min(Date.parse(revision.createdAt), Date.now() - 1000)),
        });
      }
    }
    // The imported posts' bodies are rendered and kept by the backfill, not by this request.
    await enqueuePostHtmlBackfill(tx);
    await recordAudit(
      admin,
      "content.import",
      {
        summary: `Imported a ${source === "ghost" ? "Ghost export" : "content archive"}`,
        details: { created: report.created, updated: report.updated, skipped: report.skipped },
      },
      tx,
    );
  });
  invalidate();
  if (tagWrites.length > 0) tagsChanged();
  return report;
}
