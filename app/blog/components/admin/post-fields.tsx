import type { BlogPostDto } from "~/blog/schema";
import { formatDateTime } from "~/core/dates";
import { Field, inputClass, type useFieldErrors } from "~/admin/components/field";
import { generatedSlug, type PostFormState } from "./post-form-state";

/** Small parts of the editor's form: the address field and the publish date's hint. */

export /** What the publish date will do, in words. */
function publishHint(form: PostFormState, post: BlogPostDto | null): string {
  const at = form.publishAt ? new Date(form.publishAt) : null;
  const updated = post ? ` Last updated ${formatDateTime(post.updatedAt)}.` : "";
  if (!form.published) return `Saved as a draft: only admins can see it.${updated}`;
  if (at && at.getTime() > Date.now()) return `Scheduled: the post appears on the blog by itself at this time.${updated}`;
  return `Shown on the blog with this date.${updated}`;
}

export /** The post's address: the generated one shown until the admin types their own. */
function SlugField({
  form,
  current,
  onChange,
  fields,
}: {
  form: PostFormState;
  current: string | null;
  onChange: (slug: string) => void;
  fields: ReturnType<typeof useFieldErrors>;
}) {
  const { id, field, error } = fields;
  const generated = generatedSlug(form);
  const shown = form.slug.trim() || (current ?? generated);
  return (
    <Field label="Address (slug)" htmlFor={`${id}-slug`} error={error("slug")}>
      <input
        {...field("slug")}
        aria-describedby={[field("slug")["aria-describedby"], `${id}-slug-hint`].filter(Boolean).join(" ")}
        className={inputClass}
        value={form.slug}
        placeholder={generated || "made from the title"}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-slug-hint`} className="break-all text-sm text-slate-700">
        {shown ? `/blog/${shown}` : "Leave empty to make it from the title."}
        {current && form.slug.trim() && form.slug.trim() !== current ? ` (the old address /blog/${current} will redirect here)` : ""}
      </p>
    </Field>
  );
}
