import * as Tabs from "@radix-ui/react-tabs";
import { MAX_POST_CONTENT } from "~/blog/post/schema";
import { lazy, Suspense, useDeferredValue } from "react";
import { useAdminSession } from "~/admin/admin-api";
import { inputClass, type FieldErrors } from "~/admin/components/field";
import { mediaPath } from "~/blog/media/media";
import { readingMinutes, readingTimeLabel, wordCount } from "~/blog/post/reading-time";
import { blogMessages, MAX_UPLOAD_BYTES } from "~/blog/post/schema";
import { MarkdownPreviewPane } from "~/components/markdown-preview";
import { useToast } from "~/components/ui/toast";
import type { MarkdownPreview } from "~/core/markdown/markdown-preview.client";
import type { MarkdownEditorHandle } from "./markdown-editor";

// CodeMirror is fetched when the editor opens, never with a public page or the admin's first load.
const MarkdownEditor = lazy(() => import("./markdown-editor"));

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
  onUploadingChange,
  editorRef,
  initialPreview,
}: {
  content: string;
  onChange: (content: string) => void;
  tab: string;
  onTabChange: (tab: string) => void;
  fields: FieldErrors;
  onUploadingChange?: (uploading: boolean) => void;
  editorRef?: React.Ref<MarkdownEditorHandle>;
  /** The saved text's preview, rendered by the loader on the server's bounded worker. */
  initialPreview?: { source: string } & MarkdownPreview;
}) {
  const { id, field, error } = fields;
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  // The preview and counts follow the typing without slowing it.
  const shown = useDeferredValue(content);
  const words = wordCount(shown);
  const upload = async (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) throw new Error(blogMessages.imageTooLarge);
    const form = new FormData();
    form.set("file", file);
    const media = await adminFetch<{ hash: string }>("/api/admin/media", {
      method: "POST",
      body: form,
    });
    return mediaPath(media.hash);
  };
  const preview = <MarkdownPreviewPane source={shown} initial={initialPreview} />;
  const describedBy = [field("content")["aria-describedby"], `${id}-content-hint`].filter(Boolean).join(" ");
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1.5">
      {/* Named for screen readers; the Edit and Preview tabs say what the box is. */}
      <span id={`${id}-content-label`} className="sr-only">
        Content
      </span>
      <Tabs.Root value={tab} onValueChange={onTabChange} className="flex min-h-0 flex-1 flex-col">
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
        {/* The text fills the window's height (the page scrolls inside the editor, not around it). */}
        <Tabs.Content value="edit" className="grid min-h-80 flex-1 gap-4 data-[state=inactive]:hidden xl:grid-cols-2">
          <Suspense
            fallback={
              // Until CodeMirror has loaded, a plain textarea holds the text; the editor starts from whatever it holds.
              <textarea
                {...field("content")}
                aria-labelledby={`${id}-content-label`}
                aria-describedby={describedBy}
                rows={12}
                className={`${inputClass} h-full min-h-72 font-mono text-base`}
                value={content}
                onChange={(e) => onChange(e.target.value)}
                required
              />
            }
          >
            <MarkdownEditor
              ref={editorRef}
              value={content}
              onChange={onChange}
              upload={upload}
              onUploadingChange={onUploadingChange}
              onUploadError={(message) => toast({ title: "Failed to upload the image", description: message, variant: "destructive" })}
              labelledBy={`${id}-content-label`}
              editorId={`${id}-content`}
              describedBy={describedBy}
              invalid={Boolean(error("content"))}
            />
          </Suspense>
          {/* Side by side on wide screens; the Preview tab shows the same on narrow ones. */}
          <section aria-label="Live preview" className="hidden min-h-60 overflow-y-auto rounded-lg border border-slate-300 p-4 xl:block">
            {preview}
          </section>
        </Tabs.Content>
        <Tabs.Content value="preview" className="min-h-60 flex-1 overflow-y-auto rounded-lg border border-slate-300 p-4">
          {preview}
        </Tabs.Content>
      </Tabs.Root>
      <p
        id={`${id}-content-hint`}
        className={`text-sm ${content.length > MAX_POST_CONTENT ? "font-semibold text-red-700" : "text-slate-600"}`}
      >
        <span>
          {words.toLocaleString("en-US")} {words === 1 ? "word" : "words"}, {readingTimeLabel(readingMinutes(shown))}.
        </span>{" "}
        Markdown, at most {MAX_POST_CONTENT.toLocaleString("en-US")} characters ({content.length.toLocaleString("en-US")} used).
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
  );
}
