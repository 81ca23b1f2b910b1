import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { escapeHtml } from "./html";

/**
 * Markdown to safe HTML, the same in the browser (the editor's preview) and on the server (the
 * post page). Raw HTML in the source is dropped (remark-rehype without allowDangerousHtml), then
 * rehype-sanitize applies GitHub's allow-list: no scripts, iframes, event handlers, styles, or
 * javascript:/data: URLs survive.
 */

const schema: SanitizeSchema = {
  ...defaultSchema,
  // Task-list checkboxes are decoration here; nothing should be focusable or submittable.
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => tag !== "input"),
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
};

type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

/** Links that leave the site must not hand it an opener, nor pass on ranking. */
function externalLinks() {
  return (tree: HastNode) => {
    const walk = (node: HastNode) => {
      if (node.type === "element" && node.tagName === "a") {
        const href = String(node.properties?.href ?? "");
        if (/^https?:\/\//i.test(href)) node.properties = { ...node.properties, rel: ["nofollow", "noopener", "noreferrer"] };
      }
      if (node.type === "element" && node.tagName === "img") {
        node.properties = { ...node.properties, loading: "lazy", decoding: "async" };
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(externalLinks)
  .use(rehypeStringify)
  .freeze();

/** The raw text, escaped, one paragraph per blank-line-separated block. */
export function renderPlainText(source: string): string {
  return source
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

export function renderMarkdown(source: string): string {
  try {
    return String(processor.processSync(source));
  } catch {
    return renderPlainText(source);
  }
}

/** Markdown reduced to plain words, for excerpts, feeds and tag scoring. */
export function markdownToText(source: string): string {
  return renderMarkdown(source)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
