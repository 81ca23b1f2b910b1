import { z } from "~/core/text/zod";
import { urlSlug } from "~/core/text/slug";
import { MAX_INT4 } from "~/core/text/row-id";

/**
 * The one definition of a blog post's input, shared by the admin editor in the browser and
 * POST /api/blog, PUT /api/blog/{id} on the server, so both give the same message per field.
 */

import { isDateInRange, MAX_YEAR, MIN_YEAR } from "~/core/text/clean-input";
import { BLOG_CATEGORIES } from "./category";

/** Image types the upload endpoint produces and the image endpoint serves. */
const BLOG_IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;
/**
 * The longest post body, in characters. It bounds what one save or first view can cost: the
 * search index and markdown both take time that grows faster than the length for some text.
 */
export const MAX_POST_CONTENT = 30_000;

export const blogMessages = {
  title: "Title is required",
  author: "Author is required",
  excerpt: "Excerpt is required",
  content: "Content is required",
  category: "Please choose a category: events, nightlife, social, tips or updates",
  invalidImageFile: "Please select an image file (PNG, JPG, GIF, etc.)",
  imageTooLarge: "Please select an image smaller than 5MB",
  // Not in the spec (which covers the file's size): a small file can declare a canvas too large to decode.
  imageTooManyPixels: "This image has too many pixels: please select one of at most 40 megapixels (for example 8000 x 5000)",
  tagsNeedText: "Please add a title, content, or excerpt to generate tag suggestions",
  deleteConfirm: "Are you sure you want to delete this blog post?",
  slug: "Use lower-case letters, digits and single hyphens (like my-first-post)",
  slugTaken: "Another post already uses this address",
  publishDate: "Please enter a valid publish date",
} as const;

const MAX_SLUG_LENGTH = 80;

/**
 * Tags as typed (an array, or the form's comma-separated text): trimmed, empties dropped,
 * duplicates removed ignoring letter case (the first spelling wins).
 */
export function normalizeTags(input: readonly string[] | string | null | undefined): string[] {
  const parts = typeof input === "string" ? input.split(",") : (input ?? []);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of parts) {
    if (typeof raw !== "string") continue;
    const tag = raw.trim().replace(/\s+/g, " ");
    if (!tag) continue;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max.toLocaleString("en-US")} characters`);

const isoDate = z
  .union([z.string(), z.date()])
  .optional()
  .nullable()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return undefined;
    const date = value instanceof Date ? value : new Date(value);
    if (!isDateInRange(date)) {
      ctx.addIssue({
        code: "custom",
        message: Number.isNaN(date.getTime()) ? blogMessages.publishDate : `Please enter a valid date (years ${MIN_YEAR} to ${MAX_YEAR})`,
      });
      return z.NEVER;
    }
    return date;
  });

/**
 * The spec lets the form's `image` value be a JSON string holding {imageData, imageMimeType,
 * originalName} (what the upload answered) as well as a plain URL: lift that into the fields.
 */
function liftImageJson(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const body = input as Record<string, unknown>;
  if (typeof body.image !== "string" || !body.image.trim().startsWith("{")) return input;
  try {
    const parsed = JSON.parse(body.image) as Record<string, unknown>;
    if (typeof parsed.imageData !== "string") return input;
    return {
      ...body,
      image: null,
      imageData: body.imageData ?? parsed.imageData,
      imageMimeType: body.imageMimeType ?? parsed.imageMimeType,
      imageOriginalName: body.imageOriginalName ?? parsed.originalName,
    };
  } catch {
    return input;
  }
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((value) => value || null);
const optionalUrl = (message: string) =>
  optionalText(2000, "The address is too long").refine((value) => value === null || /^https?:\/\/[^\s]+$/.test(value), message);

/** Per-post fields for search engines and social cards; empty means the default (title, excerpt, image). */
const searchFields = {
  metaTitle: optionalText(200, "Please keep the search title under 200 characters"),
  metaDescription: optionalText(500, "Please keep the search description under 500 characters"),
  canonicalUrl: optionalUrl("The canonical URL must start with http:// or https://"),
  socialImage: optionalText(2000, "The address is too long").refine(
    (value) => value === null || /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value),
    "The social image must be an http(s) address or a site path",
  ),
  socialTitle: optionalText(200, "Please keep the social title under 200 characters"),
  noindex: z.boolean({ error: "Hide from search engines must be true or false" }).optional().default(false),
};

const blogPostFields = z.object({
  title: requiredText(blogMessages.title, 200),
  author: requiredText(blogMessages.author, 100),
  /** The staff member credited (editors and up may choose; others always write as themselves). */
  authorId: z.number({ error: "Choose an author" }).int().positive().max(MAX_INT4).optional().nullable(),
  excerpt: requiredText(blogMessages.excerpt, 1000),
  content: requiredText(blogMessages.content, MAX_POST_CONTENT),
  category: z.enum(BLOG_CATEGORIES, { error: blogMessages.category }),
  tags: z
    .union([z.array(z.string()), z.string()])
    .optional()
    .nullable()
    .transform((value) => normalizeTags(value))
    .refine((tags) => tags.length <= MAX_TAGS, `Please use at most ${MAX_TAGS} tags`)
    .refine((tags) => tags.every((t) => t.length <= MAX_TAG_LENGTH), `Each tag must be at most ${MAX_TAG_LENGTH} characters`),
  /** An image URL or site path (see blog-image.ts); empty means none. */
  image: z
    .string()
    .trim()
    .max(2000, "The image address is too long")
    .optional()
    .nullable()
    .transform((value) => value || null),
  /** Base64 image bytes as POST /api/upload answered them; stored in the database. */
  imageData: z
    .string()
    .max(Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 16, blogMessages.imageTooLarge)
    .regex(/^[A-Za-z0-9+/=\s]*$/, "The image data is not valid base64")
    .optional()
    .nullable()
    .transform((value) => value?.replace(/\s/g, "") || null),
  imageMimeType: z
    .enum(BLOG_IMAGE_MIME_TYPES, { error: blogMessages.invalidImageFile })
    .optional()
    .nullable()
    .transform((value) => value ?? null),
  imageOriginalName: z.string().max(255).optional().nullable(),
  /** The post's address; empty means "made from the title". */
  slug: z
    .string()
    .trim()
    .max(MAX_SLUG_LENGTH, `Please keep the address under ${MAX_SLUG_LENGTH} characters`)
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, blogMessages.slug)
    .optional()
    .nullable()
    .transform((value) => value || null),
  /** Alternative text for the post's image. */
  imageAlt: z
    .string()
    .trim()
    .max(300, "Please keep the image description under 300 characters")
    .optional()
    .nullable()
    .transform((value) => value || null),
  ...searchFields,
  published: z.boolean({ error: "Published must be true or false" }).optional().default(true),
  /** The publish date (the spec's createdAt); in the future, the post appears by itself at that time. */
  createdAt: isoDate,
  /** Accepted for the spec's clients and ignored: the server keeps updatedAt. */
  updatedAt: isoDate,
});

export const blogPostInputSchema = z.preprocess(
  liftImageJson,
  blogPostFields.superRefine((post, ctx) => {
    if (post.imageData && !post.imageMimeType) {
      ctx.addIssue({ code: "custom", path: ["imageMimeType"], message: blogMessages.invalidImageFile });
    }
  }),
);
export type BlogPostInput = z.output<typeof blogPostInputSchema>;

/** The list's publish toggle sends only this (and, from an editor that checks it, the version it opened). */
export const blogPublishSchema = z.strictObject({
  published: z.boolean({ error: "Published must be true or false" }),
  version: z.number({ error: "Send the post's version as a whole number" }).int().positive().max(MAX_INT4).optional(),
});

/** True when a PUT body is the publish toggle (only `published`, perhaps with `version`), not a full edit. */
export function isPublishOnlyBody(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body) || !("published" in body)) return false;
  return Object.keys(body).every((key) => key === "published" || key === "version");
}

export const tagSuggestionRequestSchema = z
  .object({
    title: z
      .string()
      .max(200)
      .optional()
      .nullable()
      .transform((v) => v?.trim() ?? ""),
    content: z
      .string()
      .max(MAX_POST_CONTENT, `Please keep this under ${MAX_POST_CONTENT.toLocaleString("en-US")} characters`)
      .optional()
      .nullable()
      .transform((v) => v?.trim() ?? ""),
    excerpt: z
      .string()
      .max(1000)
      .optional()
      .nullable()
      .transform((v) => v?.trim() ?? ""),
    category: z
      .string()
      .max(40)
      .optional()
      .nullable()
      .transform((v) => v?.trim() ?? ""),
  })
  .refine((body) => Boolean(body.title || body.content || body.excerpt), { message: blogMessages.tagsNeedText, path: ["_form"] });

/** A post as GET /api/blog answers it (dates as ISO strings over JSON). */
export type BlogPostDto = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** The staff member the post belongs to (null for a post whose author's record was removed). */
  authorId: number | null;
  category: string;
  content: string;
  /** Where to load the image from: `/api/blog/{id}/image` for uploads, else the stored URL/path, or null. */
  image: string | null;
  imageAlt: string | null;
  imageMimeType: string | null;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  /** 1 when created, +1 on every saved change: what a save sends back to refuse overwriting a newer one. */
  version: number;
  tags: string[];
} & PostSearchFields;

/** The search and social overrides as stored and answered (null: the default). */
export type PostSearchFields = {
  metaTitle: string | null;
  metaDescription: string | null;
  canonicalUrl: string | null;
  socialImage: string | null;
  socialTitle: string | null;
  noindex: boolean;
};

/** URL-safe slug from a title; the server adds -2, -3... when one is taken. */
export function slugify(title: string): string {
  return urlSlug(title, MAX_SLUG_LENGTH) || "post";
}
