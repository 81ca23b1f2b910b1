import { linksAsText, withoutImages, withoutLinkTails } from "~/core/markdown/markdown-text";

/**
 * Search snippets: the text ts_headline reads, and the clean-up of what it returns.
 *
 * ts_headline marks matches with the sentinels below, never with HTML: the page splits on them
 * and renders plain text segments, so nothing in a post can become markup.
 */

export const HIT_START = "\u27EA"; // ⟪
export const HIT_STOP = "\u27EB"; // ⟫
export const FRAGMENT_DELIMITER = " … ";

export type Snippet = Array<{ text: string; hit: boolean }>;

/**
 * A post's markdown as plain sentences for ts_headline: a heading becomes a sentence of its own
 * (a full stop unless it ends in punctuation), links keep their text and lose their address,
 * images, emphasis, quote and list markers go. Otherwise a snippet could read "Dress code Smart
 * casual" or begin inside a URL.
 */
export function headlineSource(excerpt: string, markdown: string): string {
  const body = linksAsText(withoutImages(markdown))
    .replace(/```[^\n]*\n?/g, "")
    .replace(/<https?:[^<>\s]+>/g, " ")
    .split("\n")
    .map((line) => {
      const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) {
        const title = heading[1] ?? "";
        return title && !/[.!?:]$/.test(title) ? `${title}.` : title;
      }
      return line.replace(/^\s*(?:>\s*)+/, "").replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "");
    })
    .join("\n")
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, "")
    .replace(/\|/g, " ");
  const lead = excerpt.trim();
  return `${lead}${lead && !/[.!?:]$/.test(lead) ? "." : ""}\n\n${body}`.replace(/[ \t]*\n\s*/g, "\n").trim();
}

const WORD_CHAR = /[\p{L}\p{N}'’-]/u;

/**
 * Widens each fragment of a headline to whole words of its source: ts_headline cuts compounds at
 * their parts ("top-floor" can start a fragment as "floor", or end one as "top").
 */
export function snapToWords(headline: string, source: string): string {
  return eachFoundFragment(headline, source, (fragment, plain, at) => {
    let start = at;
    while (start > 0 && WORD_CHAR.test(source[start - 1]!) && WORD_CHAR.test(source[start]!)) start--;
    let end = at + plain.length;
    while (end < source.length && WORD_CHAR.test(source[end]!) && WORD_CHAR.test(source[end - 1]!)) end++;
    return source.slice(start, at) + fragment + source.slice(at + plain.length, end);
  });
}

/**
 * Rewrites each fragment of a headline whose text (hit marks taken out) is found in its source, given
 * that text and where it starts there; the other fragments are left as they are.
 */
function eachFoundFragment(headline: string, source: string, rewrite: (fragment: string, plain: string, at: number) => string): string {
  const sentinels = new RegExp(`[${HIT_START}${HIT_STOP}]`, "g");
  return headline
    .split(FRAGMENT_DELIMITER)
    .map((fragment) => {
      const plain = fragment.replace(sentinels, "");
      const at = source.indexOf(plain);
      return !plain.trim() || at < 0 ? fragment : rewrite(fragment, plain, at);
    })
    .join(FRAGMENT_DELIMITER);
}

/** Splits a headline into text and highlighted parts; markdown punctuation left over is dropped. */
export function toSnippet(headline: string): Snippet {
  const clean = withoutLinkTails(withoutImages(headline))
    .replace(/[#*_`>|[\]]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const parts: Snippet = [];
  for (const piece of clean.split(new RegExp(`(${HIT_START}[^${HIT_STOP}]*${HIT_STOP})`))) {
    if (!piece) continue;
    if (piece.startsWith(HIT_START) && piece.endsWith(HIT_STOP)) parts.push({ text: piece.slice(1, -1), hit: true });
    else parts.push({ text: piece.replaceAll(HIT_START, "").replaceAll(HIT_STOP, ""), hit: false });
  }
  return parts;
}

/** How far a fragment may grow to start or end at a sentence's edge, in characters, before it is cut with "…" instead. */
const SENTENCE_REACH = 40;
const CUT_MARK = "…";

/**
 * Makes each fragment of a headline start and end at a sentence's edge when one is near, and marks
 * the ends that are still cut mid-sentence with "…" (a snippet read as if it were whole sentences
 * otherwise). Fragments it cannot find in the source are left as they are.
 */
export function markCuts(headline: string, source: string): string {
  return eachFoundFragment(headline, source, (fragment, plain, at) => {
    let start = 0;
    for (const boundary of source.slice(0, at).matchAll(/[.!?:]\s+|\n/g)) start = boundary.index + boundary[0].length;
    const lead = source.slice(start, at);
    const head = at - start <= SENTENCE_REACH ? lead : CUT_MARK;
    const end = at + plain.length;
    if (/[.!?]\s*$/.test(plain)) return head + fragment;
    const rest = source.slice(end);
    const stop = /[.!?](?=\s|$)|\n|$/.exec(rest)!;
    const tail = stop.index <= SENTENCE_REACH ? rest.slice(0, stop.index + (stop[0] === "\n" ? 0 : stop[0].length)) : CUT_MARK;
    return head + fragment + tail;
  });
}
