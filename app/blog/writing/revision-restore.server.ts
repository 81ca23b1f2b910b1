import type { Admin } from "~/auth/session.server";
import { PostNotFound, RevisionNotRestorable, updatePost } from "./post-writes.server";
import { findPostFresh, type BlogPost } from "../post/posts.server";
import { findRevision } from "./revisions.server";
import { blogPostInputSchema } from "../post/schema";

/**
 * Brings back a revision's text and fields; the address, image, publish date and state stay as they are.
 * The restore is itself a revision (and can be undone the same way).
 */
export async function restoreRevision(admin: Admin, postId: number, revisionId: number): Promise<BlogPost> {
  const post = await findPostFresh(postId);
  if (!post) throw new PostNotFound();
  const revision = await findRevision(postId, revisionId);
  // Checked as any save is (a category since removed, say, is refused rather than stored).
  const parsed = blogPostInputSchema.safeParse({
    ...revision.fields,
    title: revision.title,
    excerpt: revision.excerpt,
    content: revision.content,
    slug: post.slug,
    image: post.image,
    published: post.published,
    createdAt: post.createdAt,
  });
  if (!parsed.success) throw new RevisionNotRestorable(parsed.error.issues[0]?.message ?? "This revision cannot be restored");
  const input = parsed.data;
  return updatePost(admin, postId, input, { restoredFromId: revisionId });
}
