import type { Dispatch, SetStateAction } from "react";
import { Field, inputClass, type FieldErrors } from "~/admin/components/field";
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS } from "~/blog/post/category";
import type { BlogPostDto } from "~/blog/post/schema";
import { ImageField } from "./image-field";
import { generatedSlug, type PostFormState } from "./post-form-state";
import { AuthorField, publishHint, SlugField } from "./post-fields";
import { writerPublishes, type PostWriter } from "./post-writer";
import { RevisionsPanel } from "./revisions-panel";
import { SearchPanel } from "./search-panel";
import { TagsField } from "./tags-field";

/** Every field of a post but its title and text (its address first): beside the text on wide screens, below it on a phone; closable. */
export function PostSettingsPanel({
  id: _id,
  hidden,
  onClose,
  form,
  setForm,
  post,
  writer,
  fields,
  onUploadingChange,
  onSaved,
}: {
  id: string;
  hidden: boolean;
  onClose: () => void;
  form: PostFormState;
  setForm: Dispatch<SetStateAction<PostFormState>>;
  post: BlogPostDto | null;
  writer: PostWriter;
  fields: FieldErrors;
  onUploadingChange: (uploading: boolean) => void;
  onSaved: () => void;
}) {
  const { id, field, error } = fields;
  const set = <K extends keyof PostFormState>(key: K, value: PostFormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <aside
      id={`${id}-settings`}
      aria-label="Post settings"
      hidden={hidden}
      className="grid content-start gap-4 border-t border-slate-200 bg-slate-50/50 px-4 py-5 sm:px-6 lg:w-80 lg:shrink-0 lg:overflow-y-auto lg:border-t-0 lg:border-l"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">Post settings</h2>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Hide settings
        </button>
      </div>
      <SlugField form={form} current={post?.slug ?? null} onChange={(slug) => set("slug", slug)} fields={fields} />
      <div className="grid gap-4">
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
        <AuthorField form={form} writer={writer} onChange={(change) => setForm((f) => ({ ...f, ...change }))} fields={fields} />
      </div>
      <TagsField
        tags={form.tags}
        onChange={(tags) => set("tags", tags)}
        source={{
          title: form.title,
          content: form.content,
          excerpt: form.excerpt,
          category: form.category,
        }}
        fields={fields}
      />
      <Field label="Excerpt" htmlFor={`${id}-excerpt`} error={error("excerpt")}>
        <textarea
          {...field("excerpt")}
          rows={2}
          className={inputClass}
          value={form.excerpt}
          onChange={(e) => set("excerpt", e.target.value)}
          required
        />
      </Field>
      <ImageField
        imageUrl={form.imageUrl}
        upload={form.upload}
        imageAlt={form.imageAlt}
        onAltChange={(imageAlt) => set("imageAlt", imageAlt)}
        onChange={(image) => setForm((f) => ({ ...f, ...image }))}
        onUploadingChange={onUploadingChange}
        fields={fields}
      />
      <Field label="Publish date" htmlFor={`${id}-createdAt`} error={error("createdAt")}>
        <input
          {...field("createdAt")}
          aria-describedby={[field("createdAt")["aria-describedby"], `${id}-publish-hint`].filter(Boolean).join(" ")}
          type="datetime-local"
          className={`${inputClass} sm:max-w-xs`}
          value={form.publishAt}
          onChange={(e) => set("publishAt", e.target.value)}
          required
        />
        <p id={`${id}-publish-hint`} className="text-sm text-slate-700">
          {publishHint(form, post)}
        </p>
      </Field>
      {writerPublishes(writer) ? (
        <label className="flex items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={form.published}
            onChange={(e) => set("published", e.target.checked)}
          />
          Publish immediately
        </label>
      ) : (
        <p className="text-sm text-slate-700">Contributors save drafts: an editor publishes them.</p>
      )}
      <SearchPanel
        form={form}
        slug={form.slug.trim() || (post?.slug ?? generatedSlug(form))}
        onChange={(key, value) => set(key, value)}
        onNoindexChange={(noindex) => set("noindex", noindex)}
        fields={fields}
      />
      {post ? <RevisionsPanel post={post} onRestored={onSaved} /> : null}
    </aside>
  );
}
