import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { resizedVariant, type VariantFormat } from "./image.server";

/**
 * Variants are made by a bounded pool (docs/architecture.md, "No request holds the server"): at most
 * VARIANT_SLOTS at a time in this instance, VARIANT_WAITING more waiting; past that `ImageBusy` (the
 * routes answer with the original, as Ghost does for sizes it does not make). One variant asked for by
 * many at once is made once: they share the promise. 60 requests for 60 variants at once took 178 s
 * and 1 GB before; now they take a core, and the rest get the original at once.
 */
const VARIANT_SLOTS = 1;
const VARIANT_WAITING = 8;
class ImageBusy extends Error {}

/**
 * The answer while the pool is full: the original image, as Ghost answers sizes it does not make. Kept by
 * no cache, so the variant is asked for again on the next view.
 */
function originalInstead(location: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store", "Retry-After": "5" } });
}

/** `read`'s image, or the original's address (as a 302) when its variant cannot be made now, or is not worth making. */
export async function variantOr<T>(read: () => Promise<T>, original: string): Promise<T | Response> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ImageBusy) return originalInstead(original);
    if (error instanceof VariantNotOffered)
      return new Response(null, { status: 302, headers: { Location: original, "Cache-Control": "public, max-age=3600" } });
    throw error;
  }
}

const variantsUnderWay = new Map<string, Promise<Buffer>>();
let variantsRunning = 0;
const variantQueue: Array<() => void> = [];

/**
 * The variant `key` names, made by `make` within the pool (or the one already being made). A `patient`
 * caller (the feed, one variant at a time) waits for its turn however long the queue is.
 */
function inVariantPool(key: string, make: () => Promise<Buffer>, patient = false): Promise<Buffer> {
  const underWay = variantsUnderWay.get(key);
  if (underWay) return underWay;
  if (!patient && variantsRunning >= VARIANT_SLOTS && variantQueue.length >= VARIANT_WAITING)
    return Promise.reject(new ImageBusy("too many image variants are being made"));
  const made = (async () => {
    if (variantsRunning >= VARIANT_SLOTS) await new Promise<void>((resolve) => variantQueue.push(resolve));
    variantsRunning += 1;
    try {
      return await make();
    } finally {
      variantsRunning -= 1;
      variantQueue.shift()?.();
    }
  })().finally(() => variantsUnderWay.delete(key));
  variantsUnderWay.set(key, made);
  return made;
}

/** Raised for a variant not worth making: the original serves better (the routes answer 302 to it, kept an hour). */
class VariantNotOffered extends Error {}

const LOSSY = new Set(["image/jpeg", "image/webp", "image/avif"]);

/**
 * A variant made in the pool from its original (read inside the pool, so waiting requests hold no image),
 * or null when the original is gone. A lossless variant (PNG, GIF) of a lossy original, or any variant
 * larger than its original, is not made or kept: a 2000 px photo as PNG is ~9 MB, ten times the JPEG,
 * and keeping such bytes grew the embedded database's memory by hundreds of MB.
 */
export async function madeVariant(
  key: string,
  original: () => Promise<{ data: Buffer; mimeType: string } | undefined>,
  width: number,
  format: VariantFormat,
  patient = false,
): Promise<Buffer | null> {
  const made = await inVariantPool(
    key,
    async () => {
      const source = await original();
      if (!source) return Buffer.alloc(0);
      if ((format === "png" || format === "gif") && LOSSY.has(source.mimeType))
        throw new VariantNotOffered(`no ${format} variant of a ${source.mimeType} image`);
      const data = await resizedVariant(source.data, width, format);
      if (data.length > source.data.length) throw new VariantNotOffered(`the ${format} variant is larger than the original`);
      return data;
    },
    patient,
  );
  return made.length === 0 ? null : made;
}

export type ServedImage = { data: Buffer; mimeType: string; etag: string; baseEtag: string };

/** The stored original, or a resized variant (made once, then read from blog_image_variants). */
export async function readPostImage(
  postId: number,
  width: number | null,
  format: VariantFormat,
  patient = false,
): Promise<ServedImage | null> {
  const db = getDb();
  const [original] = await db
    .select({ etag: schema.blogImages.etag, mimeType: schema.blogImages.mimeType, width: schema.blogImages.width })
    .from(schema.blogImages)
    .where(eq(schema.blogImages.postId, postId))
    .limit(1);
  if (!original) return null;
  if (width === null) {
    const [full] = await db.select({ data: schema.blogImages.data }).from(schema.blogImages).where(eq(schema.blogImages.postId, postId));
    if (!full) return null;
    return { data: full.data, mimeType: original.mimeType, etag: `"${original.etag}"`, baseEtag: original.etag };
  }
  const variantEtag = `"${original.etag}-${width}-${format}"`;
  const [cached] = await db
    .select({ data: schema.blogImageVariants.data, etag: schema.blogImageVariants.etag })
    .from(schema.blogImageVariants)
    .where(
      and(
        eq(schema.blogImageVariants.postId, postId),
        eq(schema.blogImageVariants.width, width),
        eq(schema.blogImageVariants.format, format),
      ),
    )
    .limit(1);
  const mimeType = `image/${format}`;
  if (cached && cached.etag === variantEtag) return { data: cached.data, mimeType, etag: variantEtag, baseEtag: original.etag };

  const data = await madeVariant(
    `cover:${variantEtag}`,
    async () =>
      (
        await db
          .select({ data: schema.blogImages.data, mimeType: schema.blogImages.mimeType })
          .from(schema.blogImages)
          .where(eq(schema.blogImages.postId, postId))
      )[0],
    width,
    format,
    patient,
  );
  if (!data) return null;
  await db
    .insert(schema.blogImageVariants)
    .values({ postId, width, format, etag: variantEtag, data })
    .onConflictDoUpdate({
      target: [schema.blogImageVariants.postId, schema.blogImageVariants.width, schema.blogImageVariants.format],
      set: { etag: variantEtag, data },
    });
  return { data, mimeType, etag: variantEtag, baseEtag: original.etag };
}
