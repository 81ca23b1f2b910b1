import { useEffect, useState } from "react";
import { renderMarkdownPreview, type MarkdownPreview } from "~/core/markdown/markdown-preview.client";

/**
 * A Markdown preview, styled as the public post (.blog-prose). The server's first HTML shows `initial`
 * (rendered on the server's bounded worker by the page's loader) while it is the text's; every other
 * text is rendered in the browser's worker. Text too costly to render is shown plain, and said so.
 */
export function MarkdownPreviewPane({ source, initial }: { source: string; initial?: { source: string } & MarkdownPreview }) {
  const [preview, setPreview] = useState<({ source: string } & MarkdownPreview) | null>(initial ?? null);
  // One render at a time: typing meanwhile is rendered once this one is shown, its newest text only.
  const [rendering, setRendering] = useState(false);
  useEffect(() => {
    if (rendering || preview?.source === source) return;
    setRendering(true);
    void renderMarkdownPreview(source).then((made) => {
      setPreview({ source, ...made });
      setRendering(false);
    });
  }, [source, preview?.source, rendering]);
  if (!source.trim()) return <p className="text-slate-700">Nothing to preview yet.</p>;
  if (!preview) return <p className="text-slate-700">Rendering the preview...</p>;
  return (
    <>
      {preview.rendered ? null : (
        <p role="status" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This text is too costly to render as Markdown (nested too deep or too complex): it is shown, and will be published, as plain text.
        </p>
      )}
      {/* Sanitized by the site's renderer (app/core/markdown/markdown.ts): exactly what the public post page renders. */}
      <div className="blog-prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
    </>
  );
}
