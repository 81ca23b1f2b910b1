import { logger } from "../logs/logger.server";
import { renderPlainText } from "../text/html";
import { renderMarkdownChecked } from "./markdown";
import { offThreadWork } from "../limits/off-thread.server";

/**
 * The one way the server renders Markdown (posts, the editor's first preview, broadcasts, the Content
 * API's html): on the bounded worker, within a time limit. Some Markdown costs time quadratic in its
 * length (16,000 characters of one pattern took 68 s on the main thread); what does not finish in time
 * is shown as plain paragraphs, as is text nested deeper than markdown.ts allows.
 */
const MARKDOWN_LIMIT_MS = 3000;

const rendering = offThreadWork("markdown", import.meta.url, renderMarkdownChecked, { limitMs: MARKDOWN_LIMIT_MS, maxWaiting: 32 });

export type RenderedMarkdown = { html: string; rendered: boolean };

/** Safe HTML of `source`; `rendered` false when it is the plain-text stand-in (too costly, too deep). */
export async function renderMarkdownBounded(source: string): Promise<RenderedMarkdown> {
  try {
    return await rendering.run(source);
  } catch (error) {
    logger.warn({ err: error, length: source.length }, "markdown rendering stopped; shown as plain text");
    return { html: renderPlainText(source), rendered: false };
  }
}
