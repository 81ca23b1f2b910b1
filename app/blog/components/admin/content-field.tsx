import * as Tabs from "@radix-ui/react-tabs";
import { MAX_POST_CONTENT } from "~/blog/schema";
import { renderMarkdown } from "~/core/markdown";
import { useRef } from "react";
import { inputClass, type FieldErrors } from "~/admin/components/field";
import { TextImageInsert, useTextImages } from "./text-image-insert";

const MARKDOWN_HELP: [string, string][] = [
  ["**bold**", "Bold"],
  ["*italic*", "Italic"],
  ["## Heading", "Heading"],
  ["- List item", "List"],
  ["[link text](https://example.com)", "Link"],
  ["`code`", "Code"],
];

/** The markdown body with Edit and Preview tabs and the formatting help panel. */
export function ContentField({
  content,
  onChange,
  tab,
  onTabChange,
  fields,
}: {
  content: string;
  onChange: (content: string) => void;
  tab: string;
  onTabChange: (tab: string) => void;
  fields: FieldErrors;
}) {
  const { id, field, error } = fields;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const images = useTextImages(textarea, content, onChange);
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-content-label`} className="text-sm font-semibold">
        Content
      </span>
      <Tabs.Root value={tab} onValueChange={onTabChange}>
        <Tabs.List aria-label="Content" className="flex gap-1">
          {["edit", "preview"].map((name) => (
            <Tabs.Trigger
              key={name}
              value={name}
              className="min-h-10 rounded-t-lg border border-b-0 border-slate-300 px-4 text-sm font-semibold text-slate-700 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-800"
            >
              {name === "edit" ? "Edit" : "Preview"}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="edit">
          <textarea
            ref={textarea}
            {...images.handlers}
            {...field("content")}
            aria-labelledby={`${id}-content-label`}
            aria-describedby={[field("content")["aria-describedby"], `${id}-content-hint`].filter(Boolean).join(" ")}
            rows={10}
            className={`${inputClass} font-mono text-sm`}
            value={content}
            onChange={(e) => onChange(e.target.value)}
            required
          />
        </Tabs.Content>
        <Tabs.Content value="preview" className="min-h-60 rounded-lg border border-slate-300 p-4">
          {content.trim() ? (
            // Sanitized by renderMarkdown and styled by .blog-prose: exactly what the public post page renders.
            <div className="blog-prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }} />
          ) : (
            <p className="text-slate-700">Nothing to preview yet.</p>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <p id={`${id}-content-hint`} className={`text-sm ${content.length > MAX_POST_CONTENT ? "font-semibold text-red-700" : "text-slate-600"}`}>
        Markdown, at most {MAX_POST_CONTENT.toLocaleString("en-US")} characters ({content.length.toLocaleString("en-US")} used).
      </p>
      {error("content")}
      <TextImageInsert images={images} />
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
  );
}
