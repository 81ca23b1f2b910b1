import { eq, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/audit.server";
import { getDb, schema, type Database } from "~/core/db.server";
import { removePostImage, storePostImage } from "./image.server";
import { findPost, findPostFresh, invalidate, type BlogPost } from "./posts.server";
import type { BlogPostInput } from "./schema";
import { assertSlugFree, claimSlug, isUniqueViolation, SlugTaken, uniqueSlug } from "./slugs.server";

/** Writing posts: create, edit, publish or unpublish, delete; each change with its audit line. */

export class PostNotFound extends Error {}

async function applyImage(postId: number, input: BlogPostInput, existing: BlogPost | null): Promise<string | null> {
  if (input.imageData && input.imageMimeType) {
    await storePostImage(postId, input.imageData, input.imageOriginalName);
    return null;
  }
  // The post's own image address sent back unchanged (the editor echoes `image`) keeps the upload.
  if (existing?.hasStoredImage && input.image?.startsWith(`/api/blog/${postId}/image`)) return null;
  if (existing?.hasStoredImage) await removePostImage(postId);
  return input.image;
}

export async function createPost(admin: Admin, input: BlogPostInput): Promise<BlogPost> {
  const db = getDb();
  for (let attempt = 0; ; attempt++) {
    try {
      let slug: string;
      if (input.slug) {
        await assertSlugFree(input.slug, null);
        slug = input.slug;
      } else slug = await uniqueSlug(input.title);
      // The address and any old redirect from it change together, or not at all.
      const id = await db.transaction(async (tx) => {
        await claimSlug(tx, slug);
        const [row] = await tx
          .insert(schema.blogPosts)
          .values({
            slug,
            title: input.title,
            excerpt: input.excerpt,
            author: input.author,
            category: input.category,
            content: input.content,
            image: input.imageData ? null : input.image,
            imageAlt: input.imageAlt,
            tags: input.tags,
            published: input.published,
            ...(input.createdAt ? { createdAt: input.createdAt } : {}),
          })
          .returning({ id: schema.blogPosts.id });
        return row!.id;
      });
      if (input.imageData) {
        try {
          await storePostImage(id, input.imageData, input.imageOriginalName);
        } catch (error) {
          await db.delete(schema.blogPosts).where(eq(schema.blogPosts.id, id));
          throw error;
        }
      }
      invalidate();
      await recordAudit(admin, "blog.create", { targetType: "blog_post", targetId: id, summary: `Created "${input.title}"`, details: { slug, published: input.published } });
      return (await findPost(id))!;
    } catch (error) {
      // Two posts with the same title at the same moment: take the next free slug.
      if (isUniqueViolation(error) && input.slug) throw new SlugTaken();
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A full edit. The slug changes only when the editor sends a different one; the old address is kept in
 * the slug history so shared links answer 301 to the new one.
 */
export async function updatePost(admin: Admin, id: number, input: BlogPostInput): Promise<BlogPost> {
  const existing = await findPostFresh(id);
  if (!existing) throw new PostNotFound();
  const newSlug = input.slug && input.slug !== existing.slug ? input.slug : null;
  if (newSlug) await assertSlugFree(newSlug, id);
  const image = await applyImage(id, input, existing);
  try {
    // The post's new address and its old one's redirect change together, or not at all (a slug
    // taken meanwhile leaves the redirects as they were).
    await getDb().transaction(async (tx) => {
      if (newSlug) {
        await claimSlug(tx, newSlug);
        await tx
          .insert(schema.blogSlugHistory)
          .values({ slug: existing.slug, postId: id })
          .onConflictDoUpdate({ target: schema.blogSlugHistory.slug, set: { postId: id, createdAt: sql`now()` } });
      }
      await updateRow(tx, id, input, image, newSlug);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTaken();
    throw error;
  }
  invalidate();
  await recordAudit(admin, "blog.update", {
    targetType: "blog_post",
    targetId: id,
    summary: `Updated "${input.title}"`,
    details: { published: input.published, ...(newSlug ? { slug: newSlug, previousSlug: existing.slug } : {}) },
  });
  return (await findPost(id))!;
}

async function updateRow(db: Pick<Database, "update">, id: number, input: BlogPostInput, image: string | null, newSlug: string | null) {
  await db
    .update(schema.blogPosts)
    .set({
      ...(newSlug ? { slug: newSlug } : {}),
      imageAlt: input.imageAlt,
      title: input.title,
      excerpt: input.excerpt,
      author: input.author,
      category: input.category,
      content: input.content,
      image,
      tags: input.tags,
      published: input.published,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      // Always the real time of the change (not the client's value): other instances' caches key on it.
      updatedAt: sql`now()`,
    })
    .where(eq(schema.blogPosts.id, id));
}

export async function setPublished(admin: Admin, id: number, published: boolean): Promise<BlogPost> {
  const [row] = await getDb()
    .update(schema.blogPosts)
    .set({ published, updatedAt: sql`now()` })
    .where(eq(schema.blogPosts.id, id))
    .returning({ title: schema.blogPosts.title });
  if (!row) throw new PostNotFound();
  invalidate();
  await recordAudit(admin, published ? "blog.publish" : "blog.unpublish", {
    targetType: "blog_post",
    targetId: id,
    summary: `${published ? "Published" : "Unpublished"} "${row.title}"`,
  });
  return (await findPost(id))!;
}

export async function deletePost(admin: Admin, id: number): Promise<void> {
  const [row] = await getDb().delete(schema.blogPosts).where(eq(schema.blogPosts.id, id)).returning({ title: schema.blogPosts.title, slug: schema.blogPosts.slug });
  if (!row) throw new PostNotFound();
  invalidate();
  await recordAudit(admin, "blog.delete", { targetType: "blog_post", targetId: id, summary: `Deleted "${row.title}"`, details: { slug: row.slug } });
}

