import { isBlogCategory } from "./category";
import { coverImagePath, PAGE_IMAGE_WIDTHS, sizedImagePath } from "./content-images";

/**
 * Where a blog post's picture comes from (spec section 4, "Image URL handling"), as one pure
 * function so the card, the post hero, the feed and social tags all agree.
 *
 * Order of attempts: the post's own image -> its category's fallback image -> a gradient.
 * A post with no image at all shows the gradient placeholder ("No Image") straight away.
 */

const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|ico|tiff?)$/i;

/** Hosts that serve images without a telltale extension in the path. */
const IMAGE_HOSTS = [
  "images.unsplash.com",
  "plus.unsplash.com",
  "i.imgur.com",
  "res.cloudinary.com",
  "images.pexels.com",
  "cdn.pixabay.com",
  "lh3.googleusercontent.com",
  "drive.google.com",
  "picsum.photos",
  "i.ibb.co",
  "images.ctfassets.net",
  "cdn.sanity.io",
];
const IMAGE_HOST_SUFFIXES = [".googleusercontent.com", ".cloudfront.net", ".imgix.net", ".wp.com"];

/** The site's own picture for a category (public/images/blog/), or the default one. */
export function categoryFallbackImage(category: string | null | undefined): string {
  return `/images/blog/${isBlogCategory(category) ? category : "default"}.webp`;
}

/** Google Drive share links ("/file/d/{id}/view", "open?id={id}") rewritten to a direct-view link. */
function googleDriveDirect(url: URL): string | null {
  if (url.hostname !== "drive.google.com") return null;
  const fromPath = url.pathname.match(/\/file\/d\/([\w-]+)/)?.[1];
  const id = fromPath ?? url.searchParams.get("id");
  return id && /^[\w-]+$/.test(id) ? `https://drive.google.com/uc?export=view&id=${id}` : null;
}

function isImageHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return IMAGE_HOSTS.includes(host) || IMAGE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * A stored `image` value turned into a usable address, or null when it is not an image.
 * - "/uploads/..." (and the site's own /images/ and /api/blog/ paths) as they are;
 * - anything else counts when its path ends in an image extension or it is on a known image host;
 * - no scheme -> "https://" is put in front; only http(s) is accepted;
 * - Google Drive file links become a direct-view link.
 */
export function normalizeBlogImageUrl(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  if (raw.startsWith("/uploads/") || raw.startsWith("/images/") || raw.startsWith("/api/blog/")) {
    return /[\s"'<>\\]/.test(raw) || raw.includes("..") ? null : raw;
  }
  if (raw.startsWith("/")) {
    if (!raw.startsWith("//")) return null;
  }
  let candidate = raw.startsWith("//") ? `https:${raw}` : raw;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(candidate)) candidate = `https://${candidate}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname.includes(".")) return null;
  const drive = googleDriveDirect(url);
  if (drive) return drive;
  if (IMAGE_EXTENSION.test(url.pathname) || isImageHost(url.hostname)) return url.toString();
  return null;
}

export type BlogImageSubject = {
  id: number;
  category: string;
  /** The stored URL or path, if any. */
  image: string | null;
  /** True when an uploaded image is stored in the database for this post. */
  hasStoredImage: boolean;
  /** Changes when the stored image changes (its ETag), so the address can be cached for long. */
  imageVersion?: string | null;
  /** The stored image's type (its address's extension at /content/images/). */
  imageMimeType?: string | null;
};

export type BlogImagePlan = {
  /** Addresses to try in order; empty means "show the gradient placeholder". */
  sources: string[];
  /** Sized variants of the first source for `srcset`, when the site can resize it. */
  srcSet: Array<{ url: string; width: number }>;
  /** Index into GRADIENT_PLACEHOLDERS, used when every source fails or there is none. */
  gradient: number;
};

export const BLOG_IMAGE_WIDTHS = [400, 800, 1200] as const;

export function storedImagePath(id: number, version?: string | null, width?: number): string {
  const params = new URLSearchParams();
  if (width) params.set("w", String(width));
  if (version) params.set("v", version);
  const query = params.toString();
  return `/api/blog/${id}/image${query ? `?${query}` : ""}`;
}

export function blogImagePlan(post: BlogImageSubject, position = post.id): BlogImagePlan {
  const gradient = ((position % GRADIENT_PLACEHOLDERS.length) + GRADIENT_PLACEHOLDERS.length) % GRADIENT_PLACEHOLDERS.length;
  if (post.hasStoredImage && post.imageVersion && post.imageMimeType) {
    // The variants Ghost's addresses name (content-images.ts), the same a front end built on the Content API asks.
    const original = coverImagePath(post.id, post.imageVersion, post.imageMimeType);
    return {
      sources: [sizedImagePath(original, 1000, "webp"), categoryFallbackImage(post.category)],
      srcSet: PAGE_IMAGE_WIDTHS.map((width) => ({ url: sizedImagePath(original, width, "webp"), width })),
      gradient,
    };
  }
  if (post.hasStoredImage) {
    return {
      sources: [storedImagePath(post.id, post.imageVersion, 800), categoryFallbackImage(post.category)],
      srcSet: BLOG_IMAGE_WIDTHS.map((width) => ({ url: storedImagePath(post.id, post.imageVersion, width), width })),
      gradient,
    };
  }
  const own = normalizeBlogImageUrl(post.image);
  if (!own) return { sources: [], srcSet: [], gradient };
  const fallback = categoryFallbackImage(post.category);
  return { sources: own === fallback ? [own] : [own, fallback], srcSet: [], gradient };
}

/**
 * The 8 cycling placeholder styles (spec: "placeholders cycle through 8 gradient styles").
 * Dark enough everywhere for white text at >= 4.5:1.
 */
export const GRADIENT_PLACEHOLDERS = [
  "bg-gradient-to-br from-indigo-700 to-purple-800",
  "bg-gradient-to-br from-rose-700 to-orange-800",
  "bg-gradient-to-br from-emerald-700 to-teal-800",
  "bg-gradient-to-br from-sky-700 to-blue-800",
  "bg-gradient-to-br from-fuchsia-700 to-pink-800",
  "bg-gradient-to-br from-amber-700 to-red-800",
  "bg-gradient-to-br from-cyan-700 to-indigo-800",
  "bg-gradient-to-br from-violet-700 to-slate-800",
] as const;
