import TurndownService from "turndown";
import { escapeHtml } from "~/core/text/html";

/**
 * A Ghost post's body as our Markdown. Ghost keeps the rendered `html` beside the editor's document
 * (`lexical` in Ghost 5, `mobiledoc` in Ghost 4); the html is used when present (Ghost rendered every card
 * into it), otherwise the document is turned into HTML here for the common kinds of content: paragraphs,
 * headings, lists, quotes, images, links, rules, code, and the markdown and html cards. Then turndown makes
 * Markdown of the HTML. Anything unknown keeps its text.
 */

const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "_", hr: "---" });
turndown.remove(["script", "style", "noscript"]);
// Embedded players cannot be shown here (the page allows no frames): a link to what was embedded.
turndown.addRule("frames", {
  filter: ["iframe"],
  replacement: (_content, node) => {
    const src = (node as HTMLElement).getAttribute("src") ?? "";
    return /^https?:\/\//.test(src) ? `\n\n[${src}](${src})\n\n` : "";
  },
});

// "- item" and "1. item" (turndown pads markers to four columns).
turndown.addRule("listItem", {
  filter: "li",
  replacement: (content, node, options) => {
    const parent = node.parentNode as HTMLElement | null;
    const index = parent ? Array.prototype.indexOf.call(parent.children, node) : 0;
    const start = Number(parent?.getAttribute("start") ?? 1);
    const prefix = parent?.nodeName === "OL" ? `${start + index}. ` : `${options.bulletListMarker} `;
    const body = content
      .replace(/^\n+/, "")
      .replace(/\n+$/, "\n")
      .replace(/\n/gm, `\n${" ".repeat(prefix.length)}`);
    return prefix + body + (node.nextSibling && !/\n$/.test(body) ? "\n" : "");
  },
});

/** Ghost writes its own address as this placeholder in exports. */
const GHOST_URL = /__GHOST_URL__/g;

export function ghostUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.replace(GHOST_URL, "").trim() || null;
}

/** How deep a post's HTML may nest. turndown's cost grows with the square of the depth (100,000 nested divs stalled the server for minutes); real posts nest a dozen levels. */
export const MAX_HTML_DEPTH = 100;

/** A body refused before it is converted; the message says why, to follow the post's name. */
export class GhostBodyRefused extends Error {}

// Elements without content, and those whose end tag HTML lets a writer leave out (a <p> or <li> left open
// would otherwise count as one level deeper each time).
const NO_DEPTH = new Set(
  "area base br col embed hr img input link meta source track wbr p li dt dd tr td th option optgroup thead tbody tfoot colgroup caption rb rt rp".split(
    " ",
  ),
);

/**
 * How deep the tags of `html` nest, read in one pass without building a tree (each tag is scanned up to the
 * next "<", so no input costs more than its length). It stops counting past `stopAt`.
 */
export function htmlDepth(html: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (const tag of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*?(\/?)>/g)) {
    if (NO_DEPTH.has(tag[2]!.toLowerCase())) continue;
    if (tag[1]) depth = Math.max(0, depth - 1);
    else if (!tag[3] && ++depth > deepest && (deepest = depth) > stopAt) break;
  }
  return deepest;
}

export function htmlToMarkdown(html: string): string {
  const depth = htmlDepth(html, MAX_HTML_DEPTH);
  if (depth > MAX_HTML_DEPTH)
    throw new GhostBodyRefused(`nests its HTML more than ${MAX_HTML_DEPTH} levels deep, more than this site imports`);
  return turndown
    .turndown(html.replace(GHOST_URL, ""))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

type LexicalNode = {
  type?: string;
  text?: string;
  format?: number | string;
  tag?: string;
  listType?: string;
  url?: string;
  src?: string;
  altText?: string;
  alt?: string;
  caption?: string;
  markdown?: string;
  html?: string;
  code?: string;
  language?: string;
  children?: LexicalNode[];
};

/** Lexical's text format bits. */
const BOLD = 1;
const ITALIC = 2;
const STRIKE = 4;
const CODE = 16;

function lexicalText(node: LexicalNode): string {
  let out = escapeHtml(node.text ?? "");
  const format = typeof node.format === "number" ? node.format : 0;
  if (format & CODE) out = `<code>${out}</code>`;
  if (format & BOLD) out = `<strong>${out}</strong>`;
  if (format & ITALIC) out = `<em>${out}</em>`;
  if (format & STRIKE) out = `<s>${out}</s>`;
  return out;
}

function lexicalNode(node: LexicalNode): string {
  const inner = () => (node.children ?? []).map(lexicalNode).join("");
  switch (node.type) {
    case "root":
      return inner();
    case "text":
    case "extended-text":
      return lexicalText(node);
    case "linebreak":
      return "<br>";
    case "paragraph":
      return `<p>${inner()}</p>`;
    case "heading":
    case "extended-heading": {
      const tag = /^h[1-6]$/.test(node.tag ?? "") ? node.tag! : "h2";
      return `<${tag}>${inner()}</${tag}>`;
    }
    case "quote":
    case "extended-quote":
    case "aside":
      return `<blockquote>${inner()}</blockquote>`;
    case "list": {
      const tag = node.listType === "number" ? "ol" : "ul";
      return `<${tag}>${inner()}</${tag}>`;
    }
    case "listitem":
      return `<li>${inner()}</li>`;
    case "link":
    case "autolink":
      return `<a href="${escapeHtml(node.url ?? "")}">${inner()}</a>`;
    case "image":
      return imageHtml(node.src, node.altText ?? node.alt, node.caption);
    case "horizontalrule":
      return "<hr>";
    case "codeblock":
      return `<pre><code>${escapeHtml(node.code ?? "")}</code></pre>`;
    case "markdown":
      return markdownCard(node.markdown);
    case "html":
      return node.html ?? "";
    default:
      return node.children ? inner() : node.text ? escapeHtml(node.text) : "";
  }
}

function imageHtml(src: string | undefined, alt: string | undefined, caption: string | undefined): string {
  if (!src) return "";
  const image = `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt ?? "")}">`;
  // Captions are HTML in Ghost.
  return caption ? `<figure>${image}<figcaption>${caption}</figcaption></figure>` : `<p>${image}</p>`;
}

/** A markdown card's text is already Markdown: kept as a block turndown leaves alone. */
const MARKDOWN_MARK = "clink-markdown-card";
const markdownBlocks: string[] = [];
function markdownCard(markdown: string | undefined): string {
  if (!markdown) return "";
  markdownBlocks.push(markdown);
  return `<p>${MARKDOWN_MARK}${markdownBlocks.length - 1}</p>`;
}
function withMarkdownCards(html: string): string {
  const blocks = markdownBlocks.splice(0);
  return blocks.length === 0
    ? htmlToMarkdown(html)
    : htmlToMarkdown(html).replace(new RegExp(`${MARKDOWN_MARK}(\\d+)`, "g"), (_m, i: string) => blocks[Number(i)]!.trim());
}

export function lexicalToHtml(source: string): string {
  const doc = JSON.parse(source) as { root?: LexicalNode };
  return doc.root ? lexicalNode(doc.root) : "";
}

type MobiledocMarker = [number, number[], number, string | number];
type Mobiledoc = {
  atoms?: Array<[string, string, Record<string, unknown>]>;
  cards?: Array<[string, Record<string, unknown>]>;
  markups?: Array<[string, string[]?]>;
  sections?: unknown[];
};

function mobiledocMarkers(doc: Mobiledoc, markers: MobiledocMarker[]): string {
  let out = "";
  const open: string[] = [];
  for (const [kind, opens, closes, value] of markers) {
    for (const index of opens) {
      const [tag, attributes = []] = doc.markups?.[index] ?? ["span"];
      const safeTag = /^[a-z][a-z0-9]*$/.test(tag) ? tag : "span";
      let attrs = "";
      for (let i = 0; i + 1 < attributes.length; i += 2)
        attrs += ` ${attributes[i]!.replace(/[^a-z-]/g, "")}="${escapeHtml(attributes[i + 1] ?? "")}"`;
      out += `<${safeTag}${attrs}>`;
      open.push(safeTag);
    }
    if (kind === 0) out += escapeHtml(String(value));
    else {
      const atom = doc.atoms?.[Number(value)];
      if (atom?.[0] === "soft-return") out += "<br>";
      else if (atom) out += escapeHtml(atom[1]);
    }
    for (let i = 0; i < closes; i++) out += `</${open.pop()}>`;
  }
  return out;
}

function mobiledocCard(name: string, payload: Record<string, unknown>): string {
  const str = (key: string) => (typeof payload[key] === "string" ? (payload[key] as string) : undefined);
  switch (name) {
    case "image":
      return imageHtml(str("src"), str("alt"), str("caption"));
    case "markdown":
    case "card-markdown":
      return markdownCard(str("markdown"));
    case "html":
      return str("html") ?? "";
    case "hr":
      return "<hr>";
    case "code":
      return `<pre><code>${escapeHtml(str("code") ?? "")}</code></pre>`;
    default:
      return str("html") ?? "";
  }
}

export function mobiledocToHtml(source: string): string {
  const doc = JSON.parse(source) as Mobiledoc;
  let out = "";
  for (const section of doc.sections ?? []) {
    if (!Array.isArray(section)) continue;
    const [kind] = section as [number];
    if (kind === 1) {
      const [, tag, markers] = section as [number, string, MobiledocMarker[]];
      const safe = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "aside"].includes(tag.toLowerCase()) ? tag.toLowerCase() : "p";
      const element = safe === "aside" ? "blockquote" : safe;
      out += `<${element}>${mobiledocMarkers(doc, markers)}</${element}>`;
    } else if (kind === 3) {
      const [, tag, items] = section as [number, string, MobiledocMarker[][]];
      const list = tag === "ol" ? "ol" : "ul";
      out += `<${list}>${items.map((markers) => `<li>${mobiledocMarkers(doc, markers)}</li>`).join("")}</${list}>`;
    } else if (kind === 10) {
      const card = doc.cards?.[(section as [number, number])[1]];
      if (card) out += mobiledocCard(card[0], card[1] ?? {});
    } else if (kind === 2) {
      const [, src] = section as [number, string];
      out += imageHtml(src, "", undefined);
    }
  }
  return out;
}

/** The body of a Ghost post as Markdown: html first, then lexical, then mobiledoc. */
export function ghostBodyToMarkdown(post: { html?: string | null; lexical?: string | null; mobiledoc?: string | null }): string {
  markdownBlocks.splice(0);
  if (post.html && post.html.trim()) return htmlToMarkdown(post.html);
  if (post.lexical) return withMarkdownCards(lexicalToHtml(post.lexical));
  if (post.mobiledoc) return withMarkdownCards(mobiledocToHtml(post.mobiledoc));
  return "";
}
