import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { ImageUp, Sparkles, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { useToast } from "~/components/ui/toast";
import { normalizeBlogImageUrl } from "~/blog/image";
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_LABELS,
  blogMessages,
  blogPostInputSchema,
  MAX_POST_CONTENT,
  MAX_UPLOAD_BYTES,
  normalizeTags,
  type BlogPostDto,
} from "~/blog/schema";
import { renderMarkdown } from "~/core/markdown";
import { SessionExpiredError, useAdminSession } from "~/admin/admin-api";

type Upload = { imageData: string; imageMimeType: string; originalName: string };

type FormState = {
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
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function initialState(post: BlogPostDto | null): FormState {
  const now = toLocalInput(new Date());
  if (!post) {
    return { title: "", author: "", category: "social", tags: "", excerpt: "", content: "", imageUrl: "", upload: null, createdAt: now, updatedAt: now, published: true };
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
    updatedAt: toLocalInput(new Date()),
    published: post.published,
  };
}

const MARKDOWN_HELP: [string, string][] = [
  ["**bold**", "Bold"],
  ["*italic*", "Italic"],
  ["## Heading", "Heading"],
  ["- List item", "List"],
  ["[link text](https://example.com)", "Link"],
  ["`code`", "Code"],
];

const inputClass = "min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600";

/** The create/edit dialog. `post` null = closed, "new" = create mode, a post = edit mode. */
export function BlogPostDialog({ post, onOpenChange, onSaved }: { post: BlogPostDto | "new" | null; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  return (
    <Dialog.Root open={post !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col overflow-hidden rounded-2xl bg-white shadow-xl sm:inset-x-6"
        >
          {post !== null ? <BlogPostForm key={post === "new" ? "new" : post.id} post={post === "new" ? null : post} onSaved={onSaved} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BlogPostForm({ post, onSaved }: { post: BlogPostDto | null; onSaved: () => void }) {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const id = useId();
  const [form, setForm] = useState<FormState>(() => initialState(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [suggesting, setSuggesting] = useState(false);
  const [contentTab, setContentTab] = useState("edit");
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const preview = localPreview ?? (form.upload ? `data:${form.upload.imageMimeType};base64,${form.upload.imageData}` : normalizeBlogImageUrl(form.imageUrl));

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({ title: "Invalid File", description: blogMessages.invalidImageFile, variant: "destructive" });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: "File Too Large", description: blogMessages.imageTooLarge, variant: "destructive" });
      return;
    }
    // Show the chosen file at once; put the previous picture back if the upload fails.
    setLocalPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      const body = new FormData();
      body.append("image", file);
      const result = await adminFetch<{ success: boolean; imageData?: string; imageMimeType?: string; originalName?: string; error?: string }>("/api/upload", {
        method: "POST",
        body,
      });
      if (!result.success || !result.imageData || !result.imageMimeType) throw new Error(result.error || "Failed to upload image");
      setForm((f) => ({ ...f, upload: { imageData: result.imageData!, imageMimeType: result.imageMimeType!, originalName: result.originalName ?? file.name }, imageUrl: "" }));
      toast({ title: "Upload Successful", description: `${file.name} (${Math.round(file.size / 1024)} KB)` });
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) {
        const message = (error as Error).message.replace(/^\d{3}: /, "") || "Failed to upload image";
        toast({ title: "Upload Failed", description: message, variant: "destructive" });
      }
    } finally {
      setLocalPreview(null);
      setUploading(false);
    }
  }

  async function suggestTags() {
    if (!form.title.trim() && !form.content.trim() && !form.excerpt.trim()) {
      toast({ title: "Missing Content", description: blogMessages.tagsNeedText, variant: "destructive" });
      return;
    }
    setSuggesting(true);
    try {
      const { suggestedTags } = await adminFetch<{ suggestedTags: string[] }>("/api/tag-suggestions", {
        method: "POST",
        json: { title: form.title, content: form.content, excerpt: form.excerpt, category: form.category },
      });
      setSuggestions(suggestedTags);
      toast({ title: "Tags Generated", description: `${suggestedTags.length} tag suggestion${suggestedTags.length === 1 ? "" : "s"} found` });
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) toast({ title: "Failed to generate tag suggestions", variant: "destructive" });
    } finally {
      setSuggesting(false);
    }
  }

  const addTag = (tag: string) => set("tags", normalizeTags([...normalizeTags(form.tags), tag]).join(", "));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || uploading) return;
    const body = {
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
    const found: Record<string, string> = {};
    const parsed = blogPostInputSchema.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0] ?? "_form")] ??= issue.message;
    if (!form.createdAt) found.createdAt = "Created date is required";
    if (!form.updatedAt) found.updatedAt = "Updated date is required";
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.content) setContentTab("edit");
      // Focus the first field in error, in the order they appear.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      if (post) await adminFetch(`/api/blog/${post.id}`, { method: "PUT", json: body });
      else await adminFetch("/api/blog", { method: "POST", json: body });
      toast({ title: post ? "Blog post updated successfully" : "Blog post created successfully" });
      onSaved();
    } catch (error) {
      // The dialog stays open with everything typed; the server's field messages show in place.
      if (!(error instanceof SessionExpiredError)) {
        const serverErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
        if (serverErrors) setErrors(serverErrors);
        toast({ title: post ? "Failed to update blog post" : "Failed to create blog post", description: (error as Error).message, variant: "destructive" });
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof FormState | string) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <Dialog.Title className="text-xl font-bold">{post ? "Edit Post" : "Create Post"}</Dialog.Title>
        <Dialog.Close aria-label="Close" className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100">
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>
      <form ref={formRef} onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="grid flex-1 content-start gap-4 overflow-y-auto px-6 py-5">
          <Field label="Title" htmlFor={`${id}-title`} error={error("title")}>
            <input {...field("title")} className={inputClass} value={form.title} onChange={(e) => set("title", e.target.value)} required />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Author" htmlFor={`${id}-author`} error={error("author")}>
              <input {...field("author")} className={inputClass} value={form.author} onChange={(e) => set("author", e.target.value)} required />
            </Field>
            <Field label="Category" htmlFor={`${id}-category`} error={error("category")}>
              <select {...field("category")} className={inputClass} value={form.category} onChange={(e) => set("category", e.target.value)}>
                {BLOG_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {BLOG_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field label="Tags (comma-separated)" htmlFor={`${id}-tags`} error={error("tags")}>
            <div className="flex flex-wrap gap-2">
              <input {...field("tags")} className={`${inputClass} flex-1`} value={form.tags} onChange={(e) => set("tags", e.target.value)} placeholder="nightlife, sydney, tips" />
              <button type="button" className="btn btn-secondary" onClick={() => void suggestTags()} disabled={suggesting}>
                <Sparkles aria-hidden="true" className="size-4" />
                {suggesting ? "Thinking..." : "Smart Tags"}
              </button>
            </div>
          </Field>
          {suggestions.length > 0 ? (
            <div role="group" aria-label="Suggested tags" className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium text-slate-700">Suggested:</span>
              {suggestions.map((tag) => (
                <button key={tag} type="button" aria-label={`Add tag ${tag}`} className="rounded-full border border-brand-500 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50" onClick={() => addTag(tag)}>
                  + {tag}
                </button>
              ))}
            </div>
          ) : null}
          <Field label="Excerpt" htmlFor={`${id}-excerpt`} error={error("excerpt")}>
            <textarea {...field("excerpt")} rows={2} className={inputClass} value={form.excerpt} onChange={(e) => set("excerpt", e.target.value)} required />
          </Field>

          <div className="grid gap-1.5">
            <span id={`${id}-content-label`} className="text-sm font-semibold">
              Content
            </span>
            <Tabs.Root value={contentTab} onValueChange={setContentTab}>
              <Tabs.List aria-label="Content" className="flex gap-1">
                {["edit", "preview"].map((tab) => (
                  <Tabs.Trigger key={tab} value={tab} className="min-h-10 rounded-t-lg border border-b-0 border-slate-300 px-4 text-sm font-semibold text-slate-700 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800">
                    {tab === "edit" ? "Edit" : "Preview"}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="edit">
                <textarea
                  {...field("content")}
                  aria-describedby={[`${id}-content-hint`, field("content")["aria-describedby"]].filter(Boolean).join(" ")}
                  aria-labelledby={`${id}-content-label`}
                  rows={10}
                  className={`${inputClass} font-mono text-sm`}
                  value={form.content}
                  onChange={(e) => set("content", e.target.value)}
                  required
                />
              </Tabs.Content>
              <Tabs.Content value="preview" className="min-h-60 rounded-lg border border-slate-300 p-4">
                {form.content.trim() ? (
                  // Sanitized by renderMarkdown and styled by .blog-prose: exactly what the public post page renders.
                  <div className="blog-prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(form.content) }} />
                ) : (
                  <p className="text-slate-700">Nothing to preview yet.</p>
                )}
              </Tabs.Content>
            </Tabs.Root>
            <p id={`${id}-content-hint`} className={`text-sm ${form.content.length > MAX_POST_CONTENT ? "font-semibold text-red-700" : "text-slate-600"}`}>
              Markdown, at most {MAX_POST_CONTENT.toLocaleString("en-US")} characters ({form.content.length.toLocaleString("en-US")} used).
            </p>
            {error("content")}
            <details className="rounded-lg bg-slate-50 px-4 py-2 text-sm">
              <summary className="cursor-pointer font-semibold">Markdown help</summary>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {MARKDOWN_HELP.map(([syntax, name]) => (
                  <div key={name} className="contents">
                    <dt className="font-medium">{name}</dt>
                    <dd>
                      <code className="rounded bg-white px-1">{syntax}</code>
                    </dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>

          <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold">Image</legend>
            <Field label="Image URL" htmlFor={`${id}-image`} error={error("image")}>
              <input
                {...field("image")}
                type="url"
                inputMode="url"
                className={inputClass}
                value={form.upload ? "" : form.imageUrl}
                placeholder={form.upload ? `Uploaded: ${form.upload.originalName}` : "https://... or /uploads/..."}
                onChange={(e) => setForm((f) => ({ ...f, imageUrl: e.target.value, upload: null }))}
              />
            </Field>
            <div className="flex flex-wrap items-center gap-2">
              <input ref={fileRef} id={`${id}-file`} type="file" accept="image/*" aria-label="Image file to upload" tabIndex={-1} className="sr-only" onChange={(e) => void onFile(e)} />
              <button type="button" className="btn btn-secondary" onClick={() => fileRef.current?.click()} disabled={uploading}>
                <ImageUp aria-hidden="true" className="size-4" />
                {uploading ? "Uploading..." : "Upload image"}
              </button>
              {preview ? (
                <button type="button" className="btn btn-secondary" onClick={() => setForm((f) => ({ ...f, imageUrl: "", upload: null }))}>
                  Remove image
                </button>
              ) : null}
              {error("imageData")}
              {error("imageMimeType")}
            </div>
            {preview ? (
              <img
                key={preview}
                src={preview}
                alt="Image preview"
                className="max-h-56 w-auto rounded-lg border border-slate-200 object-contain"
                onError={() => toast({ title: "Image Error", description: "Failed to load image preview", variant: "destructive" })}
              />
            ) : null}
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Created at" htmlFor={`${id}-createdAt`} error={error("createdAt")}>
              <input {...field("createdAt")} type="datetime-local" className={inputClass} value={form.createdAt} onChange={(e) => set("createdAt", e.target.value)} required />
            </Field>
            <Field label="Updated at" htmlFor={`${id}-updatedAt`} error={error("updatedAt")}>
              <input {...field("updatedAt")} type="datetime-local" className={inputClass} value={form.updatedAt} onChange={(e) => set("updatedAt", e.target.value)} required />
            </Field>
          </div>
          <label className="flex items-center gap-3 text-sm font-semibold">
            <input type="checkbox" className="size-5 accent-brand-700" checked={form.published} onChange={(e) => set("published", e.target.checked)} />
            Publish immediately
          </label>
          {errors._form ? (
            <p role="alert" className="text-sm text-red-700">
              {errors._form}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">
          <Dialog.Close type="button" className="btn btn-secondary">
            Cancel
          </Dialog.Close>
          {/* aria-disabled, not disabled: a disabled button drops focus to <body>, out of the dialog. */}
          <button type="submit" className="btn btn-primary aria-disabled:opacity-60" aria-disabled={saving || uploading || undefined}>
            {saving ? "Saving..." : post ? "Update Post" : "Create Post"}
          </button>
        </div>
      </form>
    </>
  );
}

function Field({ label, htmlFor, error, children }: { label: string; htmlFor: string; error: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {error}
    </div>
  );
}
