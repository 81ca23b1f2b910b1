import { FRAGMENT_DELIMITER, HIT_START, HIT_STOP } from "./snippet";
import { MAX_WORD, STOP_WORDS, stem } from "./text";

/**
 * The matching words of a text in context, as PostgreSQL's ts_headline made them for the search
 * before (MaxWords=28, MinWords=10, MaxFragments=2): up to two fragments of at most MAX_WORDS words,
 * each around the span with the most different matching terms, the matches between the HIT_START and
 * HIT_STOP sentinels, the fragments in the text's order joined by FRAGMENT_DELIMITER. With no match,
 * the text's first MIN_WORDS words. The clean-up after it (./snippet.ts) is the same as before.
 */
export const MAX_WORDS = 28;
const MIN_WORDS = 10;
const MAX_FRAGMENTS = 2;

const WORD = /[\p{L}\p{N}]+/gu;

type Word = { start: number; end: number; term: string | null };

export function headline(text: string, terms: ReadonlySet<string>): string {
  // Only words that could stem to a searched term are stemmed: a stem keeps the word's first letters
  // (the Snowball English stemmer changes a word's end only).
  const prefixes = [...terms].map((term) => term.slice(0, Math.min(3, term.length)));
  const found: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase();
    let term: string | null = null;
    if (lower.length <= MAX_WORD && !STOP_WORDS.has(lower) && prefixes.some((prefix) => lower.startsWith(prefix))) {
      const stemmed = stem(lower);
      if (terms.has(stemmed)) term = stemmed;
    }
    found.push({ start: match.index, end: match.index + match[0].length, term });
  }
  if (!found.length) return "";
  const hits = found.flatMap((word, i) => (word.term ? [i] : []));
  if (!hits.length) return text.slice(found[0]!.start, found[Math.min(found.length, MIN_WORDS) - 1]!.end);

  const fragments: Array<[number, number]> = [];
  const taken = (i: number) => fragments.some(([from, to]) => i >= from && i <= to);
  for (let f = 0; f < MAX_FRAGMENTS; f++) {
    // The best cover: from a match, every match within MAX_WORDS words; most different terms, then most matches, then shortest.
    let best: { from: number; to: number; score: number } | null = null;
    for (let h = 0; h < hits.length; h++) {
      const from = hits[h]!;
      if (taken(from)) continue;
      const distinct = new Set<string>();
      let to = from;
      let count = 0;
      for (let k = h; k < hits.length && hits[k]! - from < MAX_WORDS && !taken(hits[k]!); k++) {
        to = hits[k]!;
        distinct.add(found[to]!.term!);
        count++;
      }
      const score = distinct.size * 1e6 + count * 1e3 - (to - from);
      if (!best || score > best.score) best = { from, to, score };
    }
    if (!best) break;
    // Grown to MAX_WORDS words, evenly on both sides, without reaching into another fragment.
    const lowest = Math.max(0, ...fragments.filter(([, to]) => to < best.from).map(([, to]) => to + 1));
    const highest = Math.min(found.length - 1, ...fragments.filter(([from]) => from > best.to).map(([from]) => from - 1));
    const spare = MAX_WORDS - (best.to - best.from + 1);
    let from = Math.max(lowest, best.from - Math.floor(spare / 2));
    const to = Math.min(highest, from + MAX_WORDS - 1);
    from = Math.max(lowest, Math.min(from, to - MAX_WORDS + 1));
    fragments.push([from, to]);
  }
  fragments.sort((a, b) => a[0] - b[0]);
  return fragments
    .map(([from, to]) => {
      let out = "";
      let at = found[from]!.start;
      for (let i = from; i <= to; i++) {
        const word = found[i]!;
        if (!word.term) continue;
        out += text.slice(at, word.start) + HIT_START + text.slice(word.start, word.end) + HIT_STOP;
        at = word.end;
      }
      return out + text.slice(at, found[to]!.end);
    })
    .join(FRAGMENT_DELIMITER);
}
