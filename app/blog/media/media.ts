import { mediaImagePath, pageImageSources } from "../post/content-images";

/**
 * Images in a post's text: uploaded once, named by their content's hash, linked from the Markdown as
 * `![alt](/api/media/{hash})`. Pure rules shared by the editor, the renderer and the media library.
 */
const MEDIA_PATH = "/api/media/";
const HASH = "[A-Za-z0-9_-]{20}";
export const MEDIA_HASH_PATTERN = new RegExp(`^${HASH}$`);

export function mediaPath(hash: string, width?: number): string {
  return `${MEDIA_PATH}${hash}${width ? `?w=${width}` : ""}`;
}

/** Every media hash a post's Markdown links to. */
export function mediaHashesIn(content: string): string[] {
  return [...new Set([...content.matchAll(new RegExp(`${MEDIA_PATH.replace(/\//g, "\\/")}(${HASH})`, "g"))].map((m) => m[1]!))];
}

/** The alt text each `![alt](/api/media/{hash})` in a post's Markdown gives its image (non-empty ones, unescaped). */
export function mediaAltTexts(content: string): Array<{ hash: string; alt: string }> {
  const pattern = new RegExp(`!\\[((?:\\\\.|[^\\]\\\\])*)\\]\\(${MEDIA_PATH.replace(/\//g, "\\/")}(${HASH})[^)]*\\)`, "g");
  return [...content.matchAll(pattern)].map((m) => ({ hash: m[2]!, alt: m[1]!.replace(/\\(.)/g, "$1").trim() })).filter((item) => item.alt);
}

/** The Markdown the editor inserts for an uploaded image (brackets in the alt text escaped). */
export function mediaMarkdown(alt: string, hash: string): string {
  return `![${alt.replace(/[[\]\\]/g, (c) => `\\${c}`)}](${mediaPath(hash)})`;
}

export type MediaSize = { width: number; height: number; mimeType: string };

export type StoredMedia = { hash: string; url: string; width: number; height: number; mimeType: string };
/** A post that links an image: `live` when the public can open it at /blog/{slug}. */
export type MediaUse = { id: number; title: string; slug: string; live: boolean };
/** One upload as the media library lists it (GET /api/admin/media). */
export type MediaItem = StoredMedia & {
  originalName: string | null;
  createdAt: string;
  bytes: number;
  altTexts: string[];
  usedIn: MediaUse[];
};

/**
 * Rendered HTML with our own uploaded images made responsive, at the addresses Ghost serves images from
 * (content-images.ts; the same in the Content API's `html` and on the post page): `srcset` of the sized
 * variants, `sizes`, their `width` and `height` (no layout shift), lazy loading. Other images are left as they are.
 */
export function responsiveMediaImages(html: string, sizes: ReadonlyMap<string, MediaSize>): string {
  return html.replace(new RegExp(`<img src="${MEDIA_PATH}(${HASH})"([^>]*)>`, "g"), (tag, hash: string, rest: string) => {
    const size = sizes.get(hash);
    if (!size) return tag;
    const { src, srcset } = pageImageSources(mediaImagePath(hash, size.mimeType), size.width);
    const attributes = rest.replace(/\s(?:width|height|srcset|sizes)="[^"]*"/g, "");
    return `<img src="${src}" srcset="${srcset}" sizes="(min-width: 768px) 720px, 100vw" width="${size.width}" height="${size.height}"${attributes}>`;
  });
}
