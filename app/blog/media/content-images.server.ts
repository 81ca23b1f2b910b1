import { eq } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { VersionedCache } from "~/core/caches/versioned-cache";
import { extensionMatches, formatOfType, type ContentImageRef } from "../post/content-images";
import { digestOf } from "~/core/secrets/digest.server";
import { madeVariant, readPostImage, type ServedImage } from "./image-variants.server";
import { readSiteFile } from "./site-files.server";
import { readMedia } from "./media.server";
import { findPost, imageVisibility } from "../post/posts.server";

/**
 * Images asked for again and again (a post's variants, on every page view) are kept in memory a minute:
 * reading a 200 KB variant from the database cost ~40 ms a request on PGlite, most of it turning bytea
 * into a Buffer (npm run bench:content-images). The addresses name the content, so a kept copy is never
 * wrong; a deleted upload (no post uses it) stops answering here within the minute.
 */
const recent = new VersionedCache<ServedImage>({
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (image) => image.data.length + 256,
  lifetime: () => 60_000,
});

/**
 * Reads the stored image (or its variant) a /content/images/ address names (content-images.ts). Variants
 * are made by the same functions and kept in the same tables as the ones the site's pages use, so every
 * instance shares them. Null when the address names nothing stored or visible: an unknown hash, another
 * extension than the stored type's, a cover that has since been replaced, a draft's cover for a visitor.
 * The site's own pictures are files: their variants are made in the same pool and kept only in memory.
 */
export async function readContentImage(
  image: ContentImageRef,
  width: number | null,
  format: ReturnType<typeof formatOfType>,
  isAdmin: () => Promise<boolean>,
): Promise<{ image: ServedImage; visibility: "public" | "admin" } | null> {
  if (image.kind === "site") return readSiteImage(image.file, image.ext, width, format);
  const key =
    image.kind === "media"
      ? `m:${image.hash}.${image.ext}:${width}:${format}`
      : `c:${image.postId}:${image.version}.${image.ext}:${width}:${format}`;
  if (image.kind === "media") {
    const hit = recent.get(key, "");
    if (hit) return { image: hit, visibility: "public" };
    const [row] = await getDb()
      .select({ mimeType: schema.blogMedia.mimeType })
      .from(schema.blogMedia)
      .where(eq(schema.blogMedia.hash, image.hash));
    if (!row || !extensionMatches(image.ext, row.mimeType)) return null;
    // Without a format segment a variant keeps the original's type, as Ghost's do.
    const served = await readMedia(image.hash, width, format ?? formatOfType(row.mimeType) ?? "jpeg");
    if (served) recent.set(key, "", served);
    return served ? { image: served, visibility: "public" } : null;
  }
  const visibility = await imageVisibility(image.postId, isAdmin);
  const post = visibility ? await findPost(image.postId) : null;
  if (
    !visibility ||
    !post?.hasStoredImage ||
    post.imageVersion !== image.version ||
    !post.imageMimeType ||
    !extensionMatches(image.ext, post.imageMimeType)
  )
    return null;
  // Who may see it is asked every time (above); the bytes of this version are the same for everyone.
  const hit = recent.get(key, "");
  if (hit) return { image: hit, visibility };
  const served = await readPostImage(image.postId, width, format ?? formatOfType(post.imageMimeType) ?? "jpeg");
  // The stored cover changed between the two reads: this address names the old one.
  if (!served || served.baseEtag !== image.version) return null;
  recent.set(key, "", served);
  return { image: served, visibility };
}

async function readSiteImage(
  file: string,
  ext: string,
  width: number | null,
  format: ReturnType<typeof formatOfType>,
): Promise<{ image: ServedImage; visibility: "public" } | null> {
  const key = `s:${file}:${width}:${format}`;
  const hit = recent.get(key, "");
  if (hit) return { image: hit, visibility: "public" };
  const data = await readSiteFile(file);
  if (!data) return null;
  const mimeType = ext === "jpg" ? "image/jpeg" : `image/${ext}`;
  const baseEtag = digestOf(data, "base64url").slice(0, 20);
  let served: ServedImage = { data, mimeType, etag: `"${baseEtag}"`, baseEtag };
  if (width !== null) {
    const variantFormat = format ?? formatOfType(mimeType) ?? "jpeg";
    const variant = await madeVariant(`site:${baseEtag}-${width}-${variantFormat}`, async () => ({ data, mimeType }), width, variantFormat);
    if (!variant) return null;
    served = { data: variant, mimeType: `image/${variantFormat}`, etag: `"${baseEtag}-${width}-${variantFormat}"`, baseEtag };
  }
  recent.set(key, "", served);
  return { image: served, visibility: "public" };
}
