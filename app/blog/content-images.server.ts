import { eq } from "drizzle-orm";
import { getDb, schema } from "~/core/db.server";
import { extensionMatches, formatOfType, type ContentImageRef } from "./content-images";
import { readPostImage, type ServedImage } from "./image.server";
import { readMedia } from "./media.server";
import { findPost, imageAudience } from "./posts.server";

/**
 * Reads the stored image (or its variant) a /content/images/ address names (content-images.ts). Variants
 * are made by the same functions and kept in the same tables as the ones the site's pages use, so every
 * instance shares them. Null when the address names nothing stored or visible: an unknown hash, another
 * extension than the stored type's, a cover that has since been replaced, a draft's cover for a visitor.
 */
export async function readContentImage(
  image: ContentImageRef,
  width: number | null,
  format: ReturnType<typeof formatOfType>,
  isAdmin: () => Promise<boolean>,
): Promise<{ image: ServedImage; audience: "public" | "admin" } | null> {
  if (image.kind === "media") {
    const [row] = await getDb().select({ mimeType: schema.blogMedia.mimeType }).from(schema.blogMedia).where(eq(schema.blogMedia.hash, image.hash));
    if (!row || !extensionMatches(image.ext, row.mimeType)) return null;
    // Without a format segment a variant keeps the original's type, as Ghost's do.
    const served = await readMedia(image.hash, width, format ?? formatOfType(row.mimeType) ?? "jpeg");
    return served ? { image: served, audience: "public" } : null;
  }
  const audience = await imageAudience(image.postId, isAdmin);
  const post = audience ? await findPost(image.postId) : null;
  if (!audience || !post?.hasStoredImage || post.imageVersion !== image.version || !post.imageMimeType || !extensionMatches(image.ext, post.imageMimeType)) return null;
  const kept = format ?? formatOfType(post.imageMimeType) ?? "jpeg";
  const served = await readPostImage(image.postId, width, kept);
  // The stored cover changed between the two reads: this address names the old one.
  return served && served.baseEtag === image.version ? { image: served, audience } : null;
}
