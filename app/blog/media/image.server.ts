import { digestOf } from "~/core/secrets/digest.server";
import { eq } from "drizzle-orm";
import type { Metadata, Sharp } from "sharp";
import { BLOG_IMAGE_WIDTHS } from "../post/image";
import { blogMessages, MAX_UPLOAD_BYTES } from "../post/schema";
import { schema, type DbExecutor } from "~/core/database/db.server";
import { faultPoint } from "~/core/instance/faults.server";
import { onFirstUse } from "~/core/limits/on-first-use";

/**
 * Uploaded blog images: judged by their bytes (sharp must decode them), re-encoded so no
 * metadata (EXIF, GPS) survives, capped in size, and kept in the database so every instance
 * can serve them. Resized WebP/AVIF/JPEG variants are made on first request and stored too.
 */

// libvips and the libraries it brings hold ~25 MB resident from the moment sharp loads, and most of an
// instance's life never needs them (stored images and their stored variants are served as bytes):
// loaded on the first upload, import or new variant.
// Loaded outside the checks' try blocks: a library that fails to load is the server's fault (a 500,
// logged), never "not an image".
const loadSharp = onFirstUse(async () => {
  const sharp = (await import("sharp")).default;
  // Memory and cores within a budget: libvips keeps no decoded images between operations beyond a few
  // MB, and each operation uses one thread (the variant pool below runs one or two at a time).
  sharp.cache({ memory: 16, files: 0, items: 8 });
  sharp.concurrency(1);
  return sharp;
});

const MAX_DIMENSION = 2000;
// A decompression bomb (a tiny file declaring a huge canvas) is refused before decoding.
const MAX_INPUT_PIXELS = 40_000_000;

export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type ProcessedImage = { data: Buffer; mimeType: string; width: number; height: number; etag: string };

const etagOf = (data: Buffer) => digestOf(data, "base64url").slice(0, 20);

/** Accepts only bytes that decode as a raster image; answers the re-encoded image. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ImageRejected(blogMessages.invalidImageFile);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRejected(blogMessages.imageTooLarge, 413);
  let format: string | undefined;
  let animated: boolean;
  let isPalette: boolean;
  let pixels: number;
  const sharp = await loadSharp();
  try {
    // The header only (nothing is decoded), without the limit: a canvas past it is refused below, by name.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    animated = (meta.pages ?? 1) > 1;
    isPalette = meta.isPalette === true;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new ImageRejected(blogMessages.invalidImageFile);
  }
  // A decompression bomb (a small file declaring a huge canvas) is refused for what it is, before decoding.
  if (pixels > MAX_INPUT_PIXELS) throw new ImageRejected(blogMessages.imageTooManyPixels, 413);
  // SVG can carry scripts and PDF is no picture: raster formats only.
  if (!format || !["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"].includes(format)) {
    throw new ImageRejected(blogMessages.invalidImageFile);
  }
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated })
    .rotate() // apply the EXIF orientation before the metadata is dropped
    .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true });
  // The post save checks the stored bytes against MAX_UPLOAD_BYTES again, so an encoding that grew
  // past it (a palette PNG written as true colour grows by half) would be accepted here and refused
  // there: the first encoding within the limit wins, and an image none fits is refused now.
  for (const encode of encodingsFor(format, isPalette)) {
    const { data, info } = await encode
      .apply(input.clone())
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw new ImageRejected(blogMessages.invalidImageFile);
      });
    if (data.length > MAX_UPLOAD_BYTES) continue;
    return { data, mimeType: encode.mimeType, width: info.width, height: info.pageHeight ?? info.height, etag: etagOf(data) };
  }
  throw new ImageRejected(blogMessages.imageTooLarge, 413);
}

/**
 * An image from our own content archive: bytes this site stored after processImage (so already cleaned and
 * capped), named by their hash. Stored as they are, so the links in posts' text (/api/media/{hash}) keep
 * working; refused unless they still decode as an allowed raster image within the limits, carry no
 * metadata, and their hash is their name.
 */
export async function acceptArchivedImage(bytes: Buffer, hash: string): Promise<ProcessedImage> {
  if (etagOf(bytes) !== hash) throw new ImageRejected(`The image ${hash} does not match its name`);
  if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) throw new ImageRejected(`The image ${hash} is empty or larger than 5 MB`);
  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new ImageRejected(`The image ${hash} is not an image`);
  }
  const types: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" };
  const mimeType = meta.format ? types[meta.format] : undefined;
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!mimeType || width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION)
    throw new ImageRejected(`The image ${hash} is not an image this site stores`);
  if (meta.exif || meta.xmp || meta.iptc) throw new ImageRejected(`The image ${hash} carries metadata (this site's images have none)`);
  return { data: bytes, mimeType, width, height, etag: hash };
}

type Encoding = { mimeType: string; apply: (image: Sharp) => Sharp };

const pngTrueColour: Encoding = { mimeType: "image/png", apply: (image) => image.png({ compressionLevel: 9, palette: false }) };
// At quality 100 an image of at most 256 colours keeps exactly its pixels.
const pngPalette: Encoding = {
  mimeType: "image/png",
  apply: (image) => image.png({ compressionLevel: 9, palette: true, quality: 100, dither: 0 }),
};
const webp = (quality: number): Encoding => ({ mimeType: "image/webp", apply: (image) => image.webp({ quality }) });

/** The encodings to try, best first: the upload's own kind, then smaller WebP ones (which keep alpha and frames). */
function encodingsFor(format: string, isPalette: boolean): Encoding[] {
  const smaller = [webp(82), webp(60)];
  if (format === "png") return [...(isPalette ? [pngPalette] : []), pngTrueColour, ...smaller];
  if (format === "gif") return [{ mimeType: "image/gif", apply: (image) => image.gif() }, ...smaller];
  if (format === "webp" || format === "avif") return smaller;
  return [{ mimeType: "image/jpeg", apply: (image) => image.jpeg({ quality: 82, mozjpeg: true }) }, webp(60)];
}

/**
 * Stores (or replaces) a post's uploaded image, already processed (processImage runs before the save's
 * transaction: decoding is slow and needs no lock); old variants go with it. Pass the save's transaction.
 */
export async function storePostImage(db: DbExecutor, postId: number, image: ProcessedImage, originalName?: string | null): Promise<void> {
  faultPoint("blog.image");
  await db.delete(schema.blogImageVariants).where(eq(schema.blogImageVariants.postId, postId));
  const row = {
    postId,
    data: image.data,
    mimeType: image.mimeType,
    originalName: originalName?.slice(0, 255) ?? null,
    etag: image.etag,
    width: image.width,
    height: image.height,
  };
  await db.insert(schema.blogImages).values(row).onConflictDoUpdate({ target: schema.blogImages.postId, set: row });
}

export async function removePostImage(db: DbExecutor, postId: number): Promise<void> {
  faultPoint("blog.image");
  await db.delete(schema.blogImageVariants).where(eq(schema.blogImageVariants.postId, postId));
  await db.delete(schema.blogImages).where(eq(schema.blogImages.postId, postId));
}

/** What a variant is encoded as: the three pages negotiate, and PNG and GIF for Ghost's addresses (content-images.ts). */
export type VariantFormat = "avif" | "webp" | "jpeg" | "png" | "gif";

/** The best format this browser takes, from its Accept header. */
export function negotiateFormat(accept: string | null): VariantFormat {
  const value = accept ?? "";
  if (/image\/avif/.test(value)) return "avif";
  if (/image\/webp/.test(value)) return "webp";
  return "jpeg";
}

export function parseWidth(value: string | null): number | null {
  if (value === null) return null;
  const width = Number(value);
  return (BLOG_IMAGE_WIDTHS as readonly number[]).includes(width) ? width : NaN;
}

/**
 * A stored image at `width` (never enlarged) in `format`; JPEG gets a white background for transparency.
 * Frames are kept for the formats that hold them (GIF, WebP), as Ghost's image-transform does. Callers
 * go through `madeVariant`.
 */
export async function resizedVariant(original: Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const animated = format === "gif" || format === "webp";
  const resized = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, animated }).resize({ width, withoutEnlargement: true });
  const encoders: Record<VariantFormat, () => Sharp> = {
    avif: () => resized.avif({ quality: 55, effort: 2 }),
    webp: () => resized.webp({ quality: 78 }),
    jpeg: () => resized.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }),
    png: () => resized.png({ compressionLevel: 9 }),
    gif: () => resized.gif(),
  };
  return encoders[format]().toBuffer();
}
