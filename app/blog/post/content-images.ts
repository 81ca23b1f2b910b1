import { MAX_INT4 } from "~/core/text/row-id";
/**
 * Stored images at the addresses Ghost serves them from (decision record 0054), so front ends written for
 * Ghost find them and build Ghost's resized addresses from them:
 *   /content/images/media/{hash}.{ext}            an image uploaded for posts' text (blog_media)
 *   /content/images/posts/{id}/{version}.{ext}     a post's uploaded cover (blog_images; version = its etag)
 *   /content/images/site/blog/{path}.{ext}         one of the site's own blog pictures (/images/blog/{path}.{ext})
 *   /content/images/size/w{N}/[format/{f}/]<one of the above>   a resized variant, made on first request
 * Pure rules: reading an address, writing one. What is stored decides the rest (content-images.server.ts).
 */
const CONTENT_IMAGES = "/content/images/";

/**
 * The widths Ghost 5 resizes to by default (its config's imageOptimization: contentImageSizes w600, w1000,
 * w1600, w2400; internalImageSizes w200, w1200). Any other size is answered as Ghost does: a redirect to
 * the original, nothing made.
 */
export const CONTENT_IMAGE_WIDTHS = [200, 600, 1000, 1200, 1600, 2400] as const;
/** The widths Clink's own pages offer in srcset (a subset of the above). */
export const PAGE_IMAGE_WIDTHS = [600, 1000, 1600] as const;

export type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif";
/** Ghost's image-transform formats (`jpg` is `jpeg`). */
const FORMATS: Record<string, ImageFormat> = { jpeg: "jpeg", jpg: "jpeg", png: "png", webp: "webp", avif: "avif", gif: "gif" };
const EXTENSION_OF: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};

/** The stored image an address names; `ext` must match its stored type (checked where it is read). */
export type ContentImageRef =
  | { kind: "media"; hash: string; ext: string }
  | { kind: "cover"; postId: number; version: string; ext: string }
  /** One of the site's own files: `file` is its address (/images/blog/…). */
  | { kind: "site"; file: string; ext: string };

export type ContentImageRequest =
  /** The original (width null, format null) or a variant: `format` null keeps the original's; `original` its address. */
  | { image: ContentImageRef; width: number | null; format: ImageFormat | null; original: string }
  /** A size or format not made here: Ghost answers its original (302). */
  | { redirect: string };

const NAME = "[A-Za-z0-9_-]{20}";
const EXT = "(jpe?g|png|webp|gif|avif)";
const MEDIA = new RegExp(`^media/(${NAME})\\.${EXT}$`);
const COVER = new RegExp(`^posts/([1-9][0-9]{0,9})/(${NAME})\\.${EXT}$`);
/** The site's blog pictures: lower-case names in folders, no dots but the extension's (no way out of /images/blog/). */
const SITE_FILE = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/){0,3}[a-z0-9][a-z0-9_-]{0,63}\.(jpe?g|png|webp|gif|avif)$/;
const SITE_FOLDER = "/images/blog/";
const SITE = "site/blog/";

function refOf(rest: string): ContentImageRef | null {
  const media = MEDIA.exec(rest);
  if (media) return { kind: "media", hash: media[1]!, ext: media[2]! };
  const cover = COVER.exec(rest);
  if (cover && Number(cover[1]) <= MAX_INT4) return { kind: "cover", postId: Number(cover[1]), version: cover[2]!, ext: cover[3]! };
  const site = rest.startsWith(SITE) ? SITE_FILE.exec(rest.slice(SITE.length)) : null;
  if (site) return { kind: "site", file: `${SITE_FOLDER}${site[0]}`, ext: site[1]! };
  return null;
}

/**
 * What a path under /content/images/ asks for, or null (404) when it names nothing this site stores: any
 * other shape, an encoded character, a dot segment, a trailing slash. The size and format segments are
 * read as Ghost's handle-image-sizes middleware reads them.
 */
export function parseContentImagePath(pathname: string): ContentImageRequest | null {
  if (!pathname.startsWith(CONTENT_IMAGES)) return null;
  let rest = pathname.slice(CONTENT_IMAGES.length);
  const size = /^size\/([^/]+)\//.exec(rest);
  if (!size) {
    const image = refOf(rest);
    return image ? { image, width: null, format: null, original: pathname } : null;
  }
  rest = rest.slice(size[0].length);
  const formatSegment = /^format\/([^./]+)\//.exec(rest);
  if (formatSegment) rest = rest.slice(formatSegment[0].length);
  const image = refOf(rest);
  if (!image) return null;
  const width = /^w([1-9][0-9]{0,4})$/.exec(size[1]!)?.[1];
  const allowed = width !== undefined && (CONTENT_IMAGE_WIDTHS as readonly number[]).includes(Number(width));
  const format = formatSegment ? FORMATS[formatSegment[1]!] : null;
  if (!allowed || format === undefined) return { redirect: `${CONTENT_IMAGES}${rest}` };
  return { image, width: Number(width), format, original: `${CONTENT_IMAGES}${rest}` };
}

/** Whether an address's extension names the stored type (`jpg` and `jpeg` both name JPEG). */
export function extensionMatches(ext: string, mimeType: string): boolean {
  return FORMATS[ext] !== undefined && `image/${FORMATS[ext]}` === mimeType;
}

/** The format a stored type is kept in when resized without a format segment. */
export function formatOfType(mimeType: string): ImageFormat | null {
  return FORMATS[mimeType.replace(/^image\//, "")] ?? null;
}

export function mediaImagePath(hash: string, mimeType: string): string {
  return `${CONTENT_IMAGES}media/${hash}.${EXTENSION_OF[mimeType] ?? "jpg"}`;
}

export function coverImagePath(postId: number, version: string, mimeType: string): string {
  return `${CONTENT_IMAGES}posts/${postId}/${version}.${EXTENSION_OF[mimeType] ?? "jpg"}`;
}

/**
 * One of the site's own blog pictures (/images/blog/…) at Ghost's address, so a front end's sized addresses
 * answer too; null for any other address (another site's image, a file elsewhere on this one).
 */
export function siteImagePath(file: string): string | null {
  return file.startsWith(SITE_FOLDER) && SITE_FILE.test(file.slice(SITE_FOLDER.length))
    ? `${CONTENT_IMAGES}${SITE}${file.slice(SITE_FOLDER.length)}`
    : null;
}

/** A variant of an original's address: `size/w{N}/` (and `format/{f}/`) put after /content/images/. */
export function sizedImagePath(original: string, width: number, format?: ImageFormat): string {
  return `${CONTENT_IMAGES}size/w${width}/${format ? `format/${format}/` : ""}${original.slice(CONTENT_IMAGES.length)}`;
}

/**
 * srcset for Clink's own pages: WebP variants at the page widths below the image's own width, and the
 * original at its width; `src` the largest variant up to 1000 (what a browser without srcset shows).
 */
export function pageImageSources(original: string, imageWidth: number): { src: string; srcset: string } {
  const widths = PAGE_IMAGE_WIDTHS.filter((w) => w < imageWidth);
  const entries = [...widths.map((w) => `${sizedImagePath(original, w, "webp")} ${w}w`), `${original} ${imageWidth}w`];
  const fallback = [...widths].reverse().find((w) => w <= 1000);
  return { src: fallback ? sizedImagePath(original, fallback, "webp") : original, srcset: entries.join(", ") };
}
