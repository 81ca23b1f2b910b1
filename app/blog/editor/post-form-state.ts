import { normalizeTags, slugify, type BlogPostDto } from "~/blog/post/schema";

/** What the editor holds while the admin types; turned into the API's body by `toRequestBody`. */
export type Upload = { imageData: string; imageMimeType: string; originalName: string };

export type PostFormState = {
  title: string;
  /** The address as typed; empty means "made from the title" (see `generatedSlug`). */
  slug: string;
  author: string;
  /** The staff member credited, as the picker's value ("" = the writer, or unchanged on an edit). */
  authorId: string;
  category: string;
  tags: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  imageAlt: string;
  upload: Upload | null;
  /** The publish date (the API's createdAt), as a datetime-local value. */
  publishAt: string;
  published: boolean;
  // Search and social overrides; empty means the default.
  metaTitle: string;
  metaDescription: string;
  canonicalUrl: string;
  socialImage: string;
  socialTitle: string;
  noindex: boolean;
};

const NO_OVERRIDES = { metaTitle: "", metaDescription: "", canonicalUrl: "", socialImage: "", socialTitle: "", noindex: false };

/** A Date as the value of <input type="datetime-local"> (local time, minutes). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function initialPostForm(post: BlogPostDto | null, now = new Date()): PostFormState {
  if (!post) {
    return {
      title: "",
      slug: "",
      author: "",
      authorId: "",
      category: "social",
      tags: "",
      excerpt: "",
      content: "",
      imageUrl: "",
      imageAlt: "",
      upload: null,
      publishAt: toLocalInput(now),
      published: true,
      ...NO_OVERRIDES,
    };
  }
  return {
    title: post.title,
    slug: post.slug,
    author: post.author,
    authorId: post.authorId ? String(post.authorId) : "",
    category: post.category,
    tags: post.tags.join(", "),
    excerpt: post.excerpt,
    content: post.content,
    imageUrl: post.image ?? "",
    imageAlt: post.imageAlt ?? "",
    upload: null,
    publishAt: toLocalInput(new Date(post.createdAt)),
    published: post.published,
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    canonicalUrl: post.canonicalUrl ?? "",
    socialImage: post.socialImage ?? "",
    socialTitle: post.socialTitle ?? "",
    noindex: post.noindex ?? false,
  };
}

/** The address a new post gets when the slug is left empty (the server adds -2... when taken). */
export function generatedSlug(form: Pick<PostFormState, "title">): string {
  return form.title.trim() ? slugify(form.title) : "";
}

/** The body of POST /api/blog and PUT /api/blog/{id} (spec section 7), the publish date as ISO. */
export function toRequestBody(form: PostFormState) {
  return {
    title: form.title,
    slug: form.slug.trim() || null,
    content: form.content,
    excerpt: form.excerpt,
    author: form.author,
    authorId: form.authorId ? Number(form.authorId) : null,
    category: form.category,
    tags: normalizeTags(form.tags),
    image: form.upload ? null : form.imageUrl.trim() || null,
    imageAlt: form.imageAlt.trim() || null,
    imageData: form.upload?.imageData ?? null,
    imageMimeType: form.upload?.imageMimeType ?? null,
    imageOriginalName: form.upload?.originalName ?? null,
    published: form.published,
    createdAt: form.publishAt ? new Date(form.publishAt).toISOString() : "",
    metaTitle: form.metaTitle.trim() || null,
    metaDescription: form.metaDescription.trim() || null,
    canonicalUrl: form.canonicalUrl.trim() || null,
    socialImage: form.socialImage.trim() || null,
    socialTitle: form.socialTitle.trim() || null,
    noindex: form.noindex,
  };
}

/** Whether the form differs from what it started as (the unsaved-changes guard and the autosave ask this). */
export function hasChanges(form: PostFormState, start: PostFormState): boolean {
  return (Object.keys(start) as (keyof PostFormState)[]).some((key) =>
    key === "upload" ? form.upload?.imageData !== start.upload?.imageData : form[key] !== start[key],
  );
}

/**
 * A draft kept in the browser's localStorage while the admin types, so a reload or a crashed tab loses
 * nothing. One per post ("new" for a post not yet created). An uploaded image's bytes are left out
 * (megabytes against localStorage's ~5 MB); its name says to upload it again.
 */
export type LocalDraft = { postId: number | null; savedAt: string; form: PostFormState };

const DRAFT_PREFIX = "clink:post-draft:";
export const draftKey = (postId: number | null) => `${DRAFT_PREFIX}${postId ?? "new"}`;

export function serializeDraft(postId: number | null, form: PostFormState, savedAt = new Date()): string {
  return JSON.stringify({ postId, savedAt: savedAt.toISOString(), form: { ...form, upload: null } } satisfies LocalDraft);
}

/** A stored draft, or null when it is missing or not one (an older shape, hand-edited storage). */
export function parseDraft(text: string | null): LocalDraft | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as LocalDraft;
    const start = initialPostForm(null);
    if (!value || typeof value !== "object" || typeof value.savedAt !== "string" || !value.form) return null;
    const form = { ...start };
    for (const key of Object.keys(start) as (keyof PostFormState)[]) {
      const v = value.form[key];
      if (key === "upload") continue;
      if (typeof v === typeof start[key]) (form as Record<string, unknown>)[key] = v;
    }
    return { postId: typeof value.postId === "number" ? value.postId : null, savedAt: value.savedAt, form };
  } catch {
    return null;
  }
}

/** Every draft in storage (the list offers them back after a reload). */
export function storedDrafts(storage: Pick<Storage, "length" | "key" | "getItem">): LocalDraft[] {
  const drafts: LocalDraft[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(DRAFT_PREFIX)) continue;
    const draft = parseDraft(storage.getItem(key));
    if (draft) drafts.push(draft);
  }
  return drafts.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** A random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
