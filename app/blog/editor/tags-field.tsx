import { Sparkles } from "lucide-react";
import { useState } from "react";
import { useAdminSession } from "~/admin/admin-api";
import { useAdminTask } from "~/admin/admin-action";
import { blogMessages, normalizeTags } from "~/blog/post/schema";
import { useToast } from "~/components/ui/toast";
import { Field, inputClass, type FieldErrors } from "~/admin/components/field";

/** Comma-separated tags with the Smart Tags helper (POST /api/tag-suggestions); a suggestion is added once. */
export function TagsField({
  tags,
  onChange,
  source,
  fields,
}: {
  tags: string;
  onChange: (tags: string) => void;
  source: { title: string; content: string; excerpt: string; category: string };
  fields: FieldErrors;
}) {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  // The spec's toasts; the suggestions are the panel's own, no loader needs to run again.
  const suggesting = useAdminTask({ revalidate: false });
  const { id, field, error } = fields;

  async function suggestTags() {
    if (!source.title.trim() && !source.content.trim() && !source.excerpt.trim()) {
      toast({ title: "Missing Content", description: blogMessages.tagsNeedText, variant: "destructive" });
      return;
    }
    const answer = await suggesting.run(
      () => adminFetch<{ suggestedTags: string[] }>("/api/tag-suggestions", { method: "POST", json: source }),
      {
        done: ({ suggestedTags }) => ({
          title: "Tags Generated",
          description: `${suggestedTags.length} tag suggestion${suggestedTags.length === 1 ? "" : "s"} found`,
        }),
        failed: { title: "Failed to generate tag suggestions", description: null },
      },
    );
    if (answer) setSuggestions(answer.value.suggestedTags);
  }

  const addTag = (tag: string) => onChange(normalizeTags([...normalizeTags(tags), tag]).join(", "));

  return (
    <>
      <Field label="Tags (comma-separated)" htmlFor={`${id}-tags`} error={error("tags")}>
        <div className="flex flex-wrap gap-2">
          <input
            {...field("tags")}
            className={`${inputClass} min-w-0 flex-[1_1_12rem]`}
            value={tags}
            onChange={(e) => onChange(e.target.value)}
            placeholder="nightlife, sydney, tips"
          />
          <button type="button" className="btn btn-secondary" onClick={() => void suggestTags()} disabled={suggesting.busy}>
            <Sparkles aria-hidden="true" className="size-4" />
            {suggesting.busy ? "Thinking..." : "Smart Tags"}
          </button>
        </div>
      </Field>
      {suggestions.length > 0 ? (
        <div role="group" aria-label="Suggested tags" className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700">Suggested:</span>
          {suggestions.map((tag) => (
            <button
              key={tag}
              type="button"
              aria-label={`Add tag ${tag}`}
              className="rounded-full border border-brand-500 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
              onClick={() => addTag(tag)}
            >
              + {tag}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
