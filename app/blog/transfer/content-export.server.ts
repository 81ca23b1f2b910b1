import { asc, isNotNull } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import {
  manifestFor,
  writeArchive,
  type ArchiveContent,
  type ArchivedAuthor,
  type ArchivedImage,
  type ArchivedPost,
  type ArchivedRevision,
} from "./content-archive";
import { listPosts } from "../post/posts.server";
import { searchFieldsOf } from "../post/search-fields";

/**
 * Everything the blog holds, as one archive (app/blog/transfer/content-archive.ts): every post (drafts and
 * scheduled ones too) with its search fields, tags, byline and owner's e-mail, the tags' names and
 * descriptions, the authors, every uploaded image's bytes, and, when asked, each post's revisions.
 */
export async function exportContent(options: { siteUrl: string; includeRevisions: boolean; now?: Date }): Promise<Uint8Array> {
  const db = getDb();
  const posts = await listPosts({ includeDrafts: true });
  const staff = await db
    .select({
      id: schema.adminUsers.id,
      name: schema.adminUsers.name,
      email: schema.adminUsers.email,
      slug: schema.adminUsers.slug,
      bio: schema.adminUsers.bio,
    })
    .from(schema.adminUsers);
  const staffById = new Map(staff.map((member) => [member.id, member]));
  const covers = await db
    .select({
      postId: schema.blogImages.postId,
      data: schema.blogImages.data,
      etag: schema.blogImages.etag,
      mimeType: schema.blogImages.mimeType,
      originalName: schema.blogImages.originalName,
    })
    .from(schema.blogImages);
  const coverByPost = new Map(covers.map((cover) => [cover.postId, cover]));
  const media = await db.select().from(schema.blogMedia).orderBy(asc(schema.blogMedia.createdAt));

  const revisionsByPost = new Map<number, ArchivedRevision[]>();
  if (options.includeRevisions) {
    const r = schema.blogPostRevisions;
    const rows = await db.select().from(r).where(isNotNull(r.postId)).orderBy(asc(r.createdAt), asc(r.id));
    for (const row of rows) {
      const list = revisionsByPost.get(row.postId) ?? [];
      list.push({
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        fields: row.fields as Record<string, unknown>,
        actorEmail: row.actorEmail,
        createdAt: row.createdAt.toISOString(),
      });
      revisionsByPost.set(row.postId, list);
    }
  }

  const oldSlugs = new Map<number, string[]>();
  for (const row of await db.select().from(schema.blogSlugHistory).orderBy(asc(schema.blogSlugHistory.createdAt))) {
    oldSlugs.set(row.postId, [...(oldSlugs.get(row.postId) ?? []), row.slug]);
  }

  const imageBytes = new Map<string, Uint8Array>();
  const images: ArchivedImage[] = [];
  for (const row of media) {
    imageBytes.set(row.hash, row.data);
    images.push({ hash: row.hash, kind: "media", mimeType: row.mimeType, originalName: row.originalName });
  }

  // Oldest first, so an import numbers them in the order they were written.
  const archivedPosts: ArchivedPost[] = [...posts].reverse().map((post) => {
    const cover = coverByPost.get(post.id);
    if (cover && !imageBytes.has(cover.etag)) {
      imageBytes.set(cover.etag, cover.data);
      images.push({ hash: cover.etag, kind: "cover", mimeType: cover.mimeType, originalName: cover.originalName });
    }
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      author: post.author,
      authorEmail: (post.authorId && staffById.get(post.authorId)?.email) || null,
      category: post.category,
      tags: post.tags,
      image: cover ? null : post.image,
      cover: cover ? { hash: cover.etag, originalName: cover.originalName } : null,
      imageAlt: post.imageAlt,
      ...searchFieldsOf(post),
      published: post.published,
      publishAt: post.createdAt,
      updatedAt: post.updatedAt,
      ...(oldSlugs.has(post.id) ? { oldSlugs: oldSlugs.get(post.id) } : {}),
      ...(options.includeRevisions ? { revisions: revisionsByPost.get(post.id) ?? [] } : {}),
    };
  });

  // The authors: the staff members who own posts, and the bylines no staff member stands behind.
  const authors = new Map<string, ArchivedAuthor>();
  for (const post of posts) {
    const member = post.authorId ? staffById.get(post.authorId) : undefined;
    if (member && member.name.trim() === post.author.trim()) {
      authors.set(`staff:${member.id}`, { name: member.name, email: member.email, slug: member.slug, bio: member.bio });
    } else if (![...authors.values()].some((author) => author.name === post.author.trim())) {
      authors.set(`name:${post.author.trim()}`, { name: post.author.trim(), email: null, slug: null, bio: null });
    }
  }

  const tags = await db
    .select({ slug: schema.blogTags.slug, name: schema.blogTags.name, description: schema.blogTags.description })
    .from(schema.blogTags)
    .orderBy(asc(schema.blogTags.slug));
  const content: ArchiveContent = { posts: archivedPosts, tags, authors: [...authors.values()], images };
  const manifest = manifestFor(content, options.siteUrl, options.now ?? new Date(), options.includeRevisions);
  return writeArchive({ manifest, content, imageBytes });
}
