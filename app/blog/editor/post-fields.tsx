import type { BlogPostDto } from "~/blog/post/schema";
import { formatDateTime } from "~/core/text/dates";
import { Field, inputClass, type useFieldErrors } from "~/admin/components/field";
import { generatedSlug, type PostFormState } from "./post-form-state";
import { writerChoosesAuthor, type PostWriter } from "./post-writer";

/** Small parts of the editor's form: the address field, the author picker and the publish date's hint. */

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

export /**
 * Whom the post belongs to. Editors and up choose any active staff member (the byline follows the choice
 * unless it was typed differently); authors and contributors write as themselves.
 */
function AuthorField({
  form,
  writer,
  onChange,
  fields,
}: {
  form: PostFormState;
  writer: PostWriter;
  onChange: (change: Pick<PostFormState, "authorId"> & Partial<Pick<PostFormState, "author">>) => void;
  fields: ReturnType<typeof useFieldErrors>;
}) {
  const { id, field, error } = fields;
  if (!writerChoosesAuthor(writer)) {
    return (
      <p className="text-sm text-slate-700 sm:col-span-2">Credited to you ({writer.name}). An editor can credit a post to someone else.</p>
    );
  }
  const nameOf = (value: string) => writer.authors.find((a) => String(a.id) === value)?.name;
  const listed = form.authorId === "" || nameOf(form.authorId) !== undefined;
  return (
    <Field label="Credited to" htmlFor={`${id}-authorId`} error={error("authorId")}>
      <select
        {...field("authorId")}
        aria-describedby={[field("authorId")["aria-describedby"], `${id}-authorId-hint`].filter(Boolean).join(" ")}
        className={inputClass}
        value={form.authorId}
        onChange={(e) => {
          const name = nameOf(e.target.value);
          const bylineFollows = !form.author.trim() || form.author === nameOf(form.authorId);
          onChange({ authorId: e.target.value, ...(name && bylineFollows ? { author: name } : {}) });
        }}
      >
        {form.authorId === "" ? <option value="">Choose a staff member</option> : null}
        {listed ? null : <option value={form.authorId}>A member no longer active</option>}
        {writer.authors.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.id === writer.id ? `${a.name} (you)` : a.name}
          </option>
        ))}
      </select>
      <p id={`${id}-authorId-hint`} className="text-sm text-slate-700">
        The staff member this post belongs to; readers see the byline.
      </p>
    </Field>
  );
}
