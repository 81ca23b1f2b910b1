import { normalizeTags, type BlogPostDto } from "~/blog/schema";

/** What the editor holds while the admin types; turned into the API's body by `toRequestBody`. */
export type Upload = { imageData: string; imageMimeType: string; originalName: string };

export type PostFormState = {
  title: string;
  author: string;
  category: string;
  tags: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  upload: Upload | null;
  createdAt: string;
  updatedAt: string;
  published: boolean;
};

/** A Date as the value of <input type="datetime-local"> (local time, minutes). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function initialPostForm(post: BlogPostDto | null, now = new Date()): PostFormState {
  const nowInput = toLocalInput(now);
  if (!post) {
    return { title: "", author: "", category: "social", tags: "", excerpt: "", content: "", imageUrl: "", upload: null, createdAt: nowInput, updatedAt: nowInput, published: true };
  }
  return {
    title: post.title,
    author: post.author,
    category: post.category,
    tags: post.tags.join(", "),
    excerpt: post.excerpt,
    content: post.content,
    imageUrl: post.image ?? "",
    upload: null,
    createdAt: toLocalInput(new Date(post.createdAt)),
    updatedAt: nowInput,
    published: post.published,
  };
}

/** The body of POST /api/blog and PUT /api/blog/{id} (spec section 7), dates as ISO strings. */
export function toRequestBody(form: PostFormState) {
  return {
    title: form.title,
    content: form.content,
    excerpt: form.excerpt,
    author: form.author,
    category: form.category,
    tags: normalizeTags(form.tags),
    image: form.upload ? null : form.imageUrl.trim() || null,
    imageData: form.upload?.imageData ?? null,
    imageMimeType: form.upload?.imageMimeType ?? null,
    imageOriginalName: form.upload?.originalName ?? null,
    published: form.published,
    createdAt: form.createdAt ? new Date(form.createdAt).toISOString() : "",
    updatedAt: form.updatedAt ? new Date(form.updatedAt).toISOString() : "",
  };
}
