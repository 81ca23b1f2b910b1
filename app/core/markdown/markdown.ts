import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { renderPlainText } from "../text/html";

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

/**
 * How deep blocks may nest (quotes and list items, a line's markers and a list line's indentation): the
 * parser's cost grows with the square of the depth (29,990 `>` took 164 s), and no real text nests
 * past a handful. Deeper, the text is shown plain, as when rendering runs out of time.
 */
export const MAX_MARKDOWN_DEPTH = 16;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE_OR_SPACE = /^[ \t]*>/;
const LIST_MARKER = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;

/** The deepest nesting any line of `source` opens (linear in its length; fenced code is not counted). */
export function markdownDepth(source: string): number {
  let deepest = 0;
  let fence: string | null = null;
  for (const line of source.split("\n")) {
    const opened = FENCE.exec(line)?.[1];
    if (fence) {
      if (opened && opened[0] === fence[0] && opened.length >= fence.length) fence = null;
      continue;
    }
    if (opened) {
      fence = opened;
      continue;
    }
    let rest = line;
    let depth = 0;
    let listed = false;
    for (;;) {
      const quote = QUOTE_OR_SPACE.exec(rest);
      const item = quote ? null : LIST_MARKER.exec(rest);
      const marker = quote ?? item;
      if (!marker) break;
      if (item) listed = true;
      depth += 1;
      rest = rest.slice(marker[0].length);
      if (depth > MAX_MARKDOWN_DEPTH) return depth;
    }
    // A list line's indentation nests it under the lines above (two columns a level, at the least).
    if (listed) depth += Math.floor((line.length - line.trimStart().length) / 2);
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** The HTML, and whether it is the Markdown's (false: the plain-text stand-in for text nested too deep or unreadable). */
export function renderMarkdownChecked(source: string): { html: string; rendered: boolean } {
  if (markdownDepth(source) > MAX_MARKDOWN_DEPTH) return { html: renderPlainText(source), rendered: false };
  try {
    return { html: String(processor.processSync(source)), rendered: true };
  } catch {
    return { html: renderPlainText(source), rendered: false };
  }
}

/**
 * Markdown to safe HTML on the calling thread. On the server, only the bounded worker calls it
 * (markdown-work.server.ts): a render can cost seconds, which no request may wait for on the main thread.
 */
export function renderMarkdown(source: string): string {
  return renderMarkdownChecked(source).html;
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
