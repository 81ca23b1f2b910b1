import snowball from "snowball-stemmers";

/**
 * Words as the site search reads them, close to PostgreSQL's 'english' text search configuration
 * (what the search used before, decision record 0022): runs of letters and digits, lower-cased, the
 * same stop words, and the same Snowball English stemmer ("happy" and "happiness" are both "happi").
 * Runs longer than MAX_WORD are cut into pieces, as the old search vector cut them.
 */

/** PostgreSQL's english.stop (the Snowball list): words that are neither indexed nor searched. */
export const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself " +
    "they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having " +
    "do does did doing a an the and but if or because as until while of at by for with about against between into through during before " +
    "after above below to from up down in out on off over under again further then once here there when where why how all any both each " +
    "few more most other some such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

export const MAX_WORD = 50;
const WORD = /[\p{L}\p{N}]+/gu;

const stemmer = snowball.newStemmer("english");
// The stemmer costs ~6 µs a word; a site's vocabulary repeats, so stems are remembered in two
// generations of STEM_MEMO words each: when the young one fills it becomes the old one and the old
// one goes, so the words in use stay (a bound without a clock or counts).
const STEM_MEMO = 100_000;
let young = new Map<string, string>();
let old = new Map<string, string>();

/** The Snowball English stem of a lower-cased word. */
export function stem(word: string): string {
  let found = young.get(word);
  if (found !== undefined) return found;
  found = old.get(word) ?? (/^\p{N}+$/u.test(word) ? word : stemmer.stem(word));
  if (young.size >= STEM_MEMO) {
    old = young;
    young = new Map();
  }
  young.set(word, found);
  return found;
}

/** The words of a text, in order, as they are written (long runs cut into pieces). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.matchAll(WORD)) {
    if (word.length <= MAX_WORD) out.push(word);
    else for (let at = 0; at < word.length; at += MAX_WORD) out.push(word.slice(at, at + MAX_WORD));
  }
  return out;
}

/** The search term a written word stands for, or null for a stop word. */
export function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  return STOP_WORDS.has(lower) ? null : stem(lower);
}

/** Every term of a text, in order (stop words left out). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    const term = termOf(word);
    if (term) out.push(term);
  }
  return out;
}

/**
 * A search in PostgreSQL's websearch syntax (websearch_to_tsquery): words must all match, "or"
 * between words offers alternatives, -word excludes, "a quoted phrase" must appear in that order.
 * As a tree: any of `groups`, each needing all its `all` terms and `phrases`, and none of its `none`.
 */
export type ParsedQuery = { groups: QueryGroup[] };
type QueryGroup = { all: string[]; phrases: string[][]; none: string[] };

export function parseQuery(query: string): ParsedQuery {
  const groups: QueryGroup[] = [];
  let group: QueryGroup = { all: [], phrases: [], none: [] };
  let orPending = false;
  const close = () => {
    if (group.all.length || group.phrases.length) groups.push(group);
    group = { all: [], phrases: [], none: [] };
  };
  for (const [, phrase, negation, token] of query.matchAll(/"([^"]*)"?|(-?)([^\s"]+)/g)) {
    if (phrase !== undefined) {
      const phraseTerms = terms(phrase);
      if (!phraseTerms.length) continue;
      if (orPending) close();
      orPending = false;
      if (phraseTerms.length === 1) group.all.push(phraseTerms[0]!);
      else group.phrases.push(phraseTerms);
      continue;
    }
    if (!negation && token!.toLowerCase() === "or") {
      orPending = group.all.length + group.phrases.length > 0;
      continue;
    }
    const tokenTerms = terms(token!);
    if (!tokenTerms.length) continue;
    if (orPending && !negation) close();
    orPending = false;
    if (negation) group.none.push(...tokenTerms);
    else group.all.push(...tokenTerms);
  }
  close();
  return { groups };
}

/** Every term a result may show as a match (the excluded ones are never shown). */
export function shownTerms(query: ParsedQuery): Set<string> {
  const shown = new Set<string>();
  for (const group of query.groups) {
    for (const term of group.all) shown.add(term);
    for (const phrase of group.phrases) for (const term of phrase) shown.add(term);
  }
  return shown;
}

/** Whether `sequence` appears in `inText` word after word. */
export function containsPhrase(inText: readonly string[], sequence: readonly string[]): boolean {
  if (!sequence.length) return true;
  outer: for (let i = 0; i + sequence.length <= inText.length; i++) {
    for (let j = 0; j < sequence.length; j++) if (inText[i + j] !== sequence[j]) continue outer;
    return true;
  }
  return false;
}
