import type { Element, ElementContent, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toMdast } from "hast-util-to-mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";

/**
 * The Markdown version of a page, pure: from the HTML the site serves, the `<main>` element's
 * content, less what is not content, as GitHub-flavoured Markdown (unified's hast and mdast tools).
 *
 * Left out, because a reader of the text cannot use it or it is no text:
 * - controls and widgets: forms (with their inputs and labels), buttons, dialogs (the demo
 *   dialog), navigation (breadcrumbs, a legal page's table of contents), live status regions;
 * - what assistive technology skips or draws: `aria-hidden`, `hidden`, svg, `role="img"`
 *   mock-ups, images without alternative text, script, style, template, noscript;
 * - anything a page marks `data-mdast="ignore"` (hast-util-to-mdast's own convention), such as
 *   the venue explorer, whose list depends on the visitor's city and the day's data.
 *
 * Links and images are made absolute against the page's address. Headings move one level down,
 * so the Markdown file's only H1 is the page's title above this content (see llms.ts).
 */
export function pageContentMarkdown(html: string, pageUrl: string): string {
  const main = findElement(fromHtml(html), "main");
  if (!main) return "";
  const root: Root = { type: "root", children: content(main.children, pageUrl) };
  const mdast = toMdast(root, { document: true });
  visitHeadings(mdast, (heading) => (heading.depth = Math.min(6, heading.depth + 1) as typeof heading.depth));
  return toMarkdown(mdast, { extensions: [gfmToMarkdown()], bullet: "-", emphasis: "_", rule: "-", listItemIndent: "one" }).trim();
}

const DROPPED_TAGS = new Set([
  "button",
  "canvas",
  "dialog",
  "embed",
  "form",
  "iframe",
  "input",
  "label",
  "nav",
  "noscript",
  "object",
  "output",
  "script",
  "select",
  "style",
  "svg",
  "template",
  "textarea",
]);
/** Roles that make an element a widget, a picture or a live announcement rather than text. */
const DROPPED_ROLES = new Set([
  "alert",
  "alertdialog",
  "dialog",
  "img",
  "log",
  "marquee",
  "navigation",
  "presentation",
  "none",
  "search",
  "status",
  "timer",
  "toolbar",
  "tooltip",
]);
/** Inline boxes that pages lay out side by side with CSS alone, so their words touch in the source. */
const SIDE_BY_SIDE = new Set(["a", "span", "time"]);
/** Kept even when empty: a table's cells hold their column. */
const STRUCTURE = new Set(["img", "br", "hr", "table", "thead", "tbody", "tfoot", "tr", "td", "th"]);

/** Whether an element is left out of the Markdown (see above). */
function isDropped(element: Element): boolean {
  const p = element.properties;
  if (DROPPED_TAGS.has(element.tagName)) return true;
  if (p.hidden !== undefined && p.hidden !== false && p.hidden !== null) return true;
  if (String(p.ariaHidden) === "true" || p.dataMdast === "ignore") return true;
  if (typeof p.role === "string" && p.role.split(/\s+/).some((role) => DROPPED_ROLES.has(role))) return true;
  // An image with empty alternative text is decoration.
  if (element.tagName === "img" && !String(p.alt ?? "").trim()) return true;
  return false;
}

function content(children: readonly RootContent[], pageUrl: string): ElementContent[] {
  const kept: ElementContent[] = [];
  for (const child of children) {
    if (child.type === "text") kept.push(child);
    else if (child.type === "element" && !isDropped(child)) {
      const element = cleaned(child, pageUrl);
      // What held only dropped things (an emptied wrapper, an empty toast list) would leave blank lines.
      if (STRUCTURE.has(element.tagName) || hasContent(element)) kept.push(element);
    }
  }
  return separated(kept);
}

function cleaned(element: Element, pageUrl: string): Element {
  const properties = { ...element.properties };
  for (const name of ["href", "src"] as const) {
    const value = properties[name];
    if (typeof value === "string" && value) properties[name] = absolute(value, pageUrl);
  }
  return { ...element, properties, children: content(element.children, pageUrl) };
}

/** An address as a reader outside the site needs it: absolute (mailto: and tel: stay as they are). */
export function absolute(url: string, pageUrl: string): string {
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

/**
 * A space between a link, span or time and a neighbour whose words would otherwise run together
 * ("By Maya Chen" + "November 18" is "By Maya ChenNovember 18" as text): only between a letter or
 * digit and another, so "4.6" + " out of 5" or "76°F" + ", dry" stay as written.
 */
function separated(children: ElementContent[]): ElementContent[] {
  const result: ElementContent[] = [];
  for (const child of children) {
    const previous = result[result.length - 1];
    if (
      previous &&
      (isSideBySide(previous) || isSideBySide(child)) &&
      /[\p{L}\p{N}]$/u.test(textOf(previous)) &&
      /^[\p{L}\p{N}]/u.test(textOf(child))
    ) {
      result.push({ type: "text", value: " " });
    }
    result.push(child);
  }
  return result;
}

const isSideBySide = (node: ElementContent) => node.type === "element" && SIDE_BY_SIDE.has(node.tagName);

function hasContent(node: ElementContent): boolean {
  if (node.type === "text") return node.value.trim() !== "";
  if (node.type !== "element") return false;
  return node.tagName === "img" || node.children.some(hasContent);
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function findElement(node: Root | Element, tagName: string): Element | undefined {
  for (const child of node.children) {
    if (child.type !== "element") continue;
    if (child.tagName === tagName) return child;
    const found = findElement(child, tagName);
    if (found) return found;
  }
  return undefined;
}

type MdastNode = ReturnType<typeof toMdast>;
type Heading = Extract<MdastNode, { type: "heading" }>;

function visitHeadings(node: MdastNode, visit: (heading: Heading) => void): void {
  if (node.type === "heading") visit(node);
  if ("children" in node) for (const child of node.children) visitHeadings(child, visit);
}
