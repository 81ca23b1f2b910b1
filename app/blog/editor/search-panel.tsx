import { Field, inputClass, type FieldErrors } from "~/admin/components/field";
import { lengthGuidance, META_DESCRIPTION_GUIDE, META_TITLE_GUIDE, searchSnippet } from "~/blog/post/search-fields";
import type { PostFormState } from "./post-form-state";

type SearchKey = "metaTitle" | "metaDescription" | "canonicalUrl" | "socialImage" | "socialTitle";

/**
 * The post's search and social fields: what a search result and a shared card show (empty: the title,
 * excerpt and image), the canonical address of a cross-post, and "Hide from search engines".
 */
export function SearchPanel({
  form,
  slug,
  onChange,
  onNoindexChange,
  fields,
}: {
  form: PostFormState;
  slug: string;
  onChange: (key: SearchKey, value: string) => void;
  onNoindexChange: (noindex: boolean) => void;
  fields: FieldErrors;
}) {
  const { id, field, error } = fields;
  const snippet = searchSnippet(form);
  const text = (key: SearchKey, label: string, hint?: { guide: number; length: number }, multiline = false) => {
    const guidance = hint ? lengthGuidance(hint.length, hint.guide) : null;
    const props = {
      ...field(key),
      "aria-describedby": [field(key)["aria-describedby"], guidance ? `${id}-${key}-count` : null].filter(Boolean).join(" ") || undefined,
      className: inputClass,
      value: form[key],
    };
    return (
      <Field label={label} htmlFor={`${id}-${key}`} error={error(key)}>
        {multiline ? (
          <textarea {...props} rows={2} onChange={(e) => onChange(key, e.target.value)} />
        ) : (
          <input {...props} onChange={(e) => onChange(key, e.target.value)} />
        )}
        {guidance ? (
          <p id={`${id}-${key}-count`} className={`text-sm ${guidance.tooLong ? "font-semibold text-amber-800" : "text-slate-700"}`}>
            {guidance.text}
          </p>
        ) : null}
      </Field>
    );
  };
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">Search and social</legend>
      {text("metaTitle", "Headline in search results", { guide: META_TITLE_GUIDE, length: form.metaTitle.trim().length })}
      {text(
        "metaDescription",
        "Description in search results",
        { guide: META_DESCRIPTION_GUIDE, length: form.metaDescription.trim().length },
        true,
      )}
      <figure aria-label="Search result preview" className="grid gap-0.5 rounded-lg bg-slate-50 p-3">
        <figcaption className="text-xs font-semibold text-slate-700 uppercase">Search result preview</figcaption>
        <span className="truncate text-xs text-slate-700">{`/blog/${slug}`}</span>
        <span className="truncate text-lg text-blue-800">{snippet.title}</span>
        <span className="line-clamp-2 text-sm text-slate-700">{snippet.description || "The excerpt shows here."}</span>
      </figure>
      {text("canonicalUrl", "Canonical URL (when first published elsewhere)")}
      {text("socialTitle", "Headline on social cards")}
      {text("socialImage", "Social image URL")}
      <label className="flex items-center gap-3 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={form.noindex}
          onChange={(e) => onNoindexChange(e.target.checked)}
        />
        Hide from search engines
      </label>
    </fieldset>
  );
}
