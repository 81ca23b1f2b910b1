import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState, type FormEvent } from "react";
import { SessionExpiredError, useAdminSession } from "~/admin/admin-api";
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS } from "~/blog/category";
import { blogPostInputSchema, type BlogPostDto } from "~/blog/schema";
import { useToast } from "~/components/ui/toast";
import { fieldErrors } from "~/core/field-errors";
import { ContentField } from "./content-field";
import { AdminDialogHeader } from "~/admin/components/dialog-header";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { ImageField } from "./image-field";
import { initialPostForm, toRequestBody, type PostFormState } from "./post-form-state";
import { TagsField } from "./tags-field";

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
  const [form, setForm] = useState<PostFormState>(() => initialPostForm(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [contentTab, setContentTab] = useState("edit");
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useFieldErrors(errors);
  const { id, field, error } = fields;

  const set = <K extends keyof PostFormState>(key: K, value: PostFormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || uploading) return;
    const body = toRequestBody(form);
    const parsed = blogPostInputSchema.safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
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
    } catch (failure) {
      // The dialog stays open with everything typed; the server's field messages show in place.
      if (!(failure instanceof SessionExpiredError)) {
        const serverErrors = (failure as { fieldErrors?: Record<string, string> }).fieldErrors;
        if (serverErrors) setErrors(serverErrors);
        toast({ title: post ? "Failed to update blog post" : "Failed to create blog post", description: (failure as Error).message, variant: "destructive" });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <AdminDialogHeader title={post ? "Edit Post" : "Create Post"} />
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
          <TagsField
            tags={form.tags}
            onChange={(tags) => set("tags", tags)}
            source={{ title: form.title, content: form.content, excerpt: form.excerpt, category: form.category }}
            fields={fields}
          />
          <Field label="Excerpt" htmlFor={`${id}-excerpt`} error={error("excerpt")}>
            <textarea {...field("excerpt")} rows={2} className={inputClass} value={form.excerpt} onChange={(e) => set("excerpt", e.target.value)} required />
          </Field>
          <ContentField content={form.content} onChange={(content) => set("content", content)} tab={contentTab} onTabChange={setContentTab} fields={fields} />
          <ImageField
            imageUrl={form.imageUrl}
            upload={form.upload}
            onChange={(image) => setForm((f) => ({ ...f, ...image }))}
            onUploadingChange={setUploading}
            fields={fields}
          />
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
