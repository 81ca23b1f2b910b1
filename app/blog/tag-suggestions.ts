/**
 * Smart Tags: 5-8 tags for a post, found in its own text, with no outside service.
 *
 * Words and two-word phrases are scored by how often they occur in this post (the title
 * counts most, then the excerpt, then the body) against how common they are across the other
 * posts (TF-IDF): a word every post uses ("drinks", "night") says little about this one.
 * Tags other posts already use are preferred when their words appear here, so the blog's
 * tags stay consistent.
 */

export type TagSource = { title: string; excerpt: string; content: string; category?: string };
export type CorpusPost = { text: string; tags: string[] };

export const MIN_TAGS = 5;
export const MAX_TAGS = 8;

// Common English words plus words every post here uses that name nothing in particular.
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between both
  but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each even ever every few for from
  further get gets getting got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
  himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's like make makes made many may me
  might more most much must mustn't my myself new no nor not now of off on once one only or other ought our ours ourselves out
  over own per really same say says see shan't she she'd she'll she's should shouldn't so some such than that that's the their
  theirs them themselves then there there's these they they'd they'll they're they've thing things this those through to too
  two under until up upon us use used using very via want was wasn't way we we'd we'll we're we've well were weren't what what's
  when when's where where's whether which while who who's whom why why's will with within without won't would wouldn't yet you
  you'd you'll you're you've your yours yourself yourselves always never often sometimes still already around across back best
  better good great lot lots really right take takes time times go going come comes know need needs try first last next year
  years day days week weeks pick picks favourite favorite worth ahead ll re ve don isn aren won doesn didn post blog read article`.split(/\s+/),
);

/** Plain words from markdown: code, links' addresses and markup go. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/`[^`]*`/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#>*_~|-]+/g, " ");
}

/** Singular-ish key so "bars" and "bar" count together. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

/** Sentences of tokens; null marks a stop word (phrases never span one). */
function tokenize(text: string): Array<Array<string | null>> {
  return plainText(text)
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[.!?;:,()"\n\r\u2013\u2014]+/)
    .map((sentence) =>
      (sentence.match(/[a-z0-9][a-z0-9'&+]*/g) ?? []).map((raw) => {
        const word = raw.replace(/'s$/, "").replace(/'+$/, "");
        if (word.length < 3 || /^\d+$/.test(word) || STOP_WORDS.has(word)) return null;
        return word;
      }),
    );
}

type Terms = { counts: Map<string, number>; surface: Map<string, Map<string, number>> };

function addTerm(terms: Terms, key: string, surfaceForm: string, weight: number) {
  terms.counts.set(key, (terms.counts.get(key) ?? 0) + weight);
  const forms = terms.surface.get(key) ?? new Map<string, number>();
  forms.set(surfaceForm, (forms.get(surfaceForm) ?? 0) + weight);
  terms.surface.set(key, forms);
}

function collectTerms(text: string, weight: number, terms: Terms) {
  for (const sentence of tokenize(text)) {
    sentence.forEach((word, i) => {
      if (!word) return;
      addTerm(terms, stem(word), word, weight);
      const next = sentence[i + 1];
      if (next) addTerm(terms, `${stem(word)} ${stem(next)}`, `${word} ${next}`, weight);
    });
  }
}

function termKeys(text: string): Set<string> {
  const terms: Terms = { counts: new Map(), surface: new Map() };
  collectTerms(text, 1, terms);
  return new Set(terms.counts.keys());
}

const mostUsedForm = (forms: Map<string, number>) => [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];

export function suggestTags(post: TagSource, corpus: CorpusPost[] = []): string[] {
  const terms: Terms = { counts: new Map(), surface: new Map() };
  collectTerms(post.title, 3, terms);
  collectTerms(post.excerpt, 2, terms);
  collectTerms(post.content, 1, terms);
  if (terms.counts.size === 0) return post.category ? [post.category] : [];

  const documents = corpus.map((doc) => termKeys(doc.text));
  const idf = (key: string) => {
    const df = documents.reduce((n, doc) => n + (doc.has(key) ? 1 : 0), 0);
    return Math.log((documents.length + 1) / (df + 1)) + 1;
  };

  const candidates: Array<{ key: string; tag: string; score: number }> = [];
  for (const [key, count] of terms.counts) {
    const isPhrase = key.includes(" ");
    // A phrase seen once in the body is chance; in the title, or repeated, it is a topic.
    if (isPhrase && count < 2) continue;
    const score = Math.sqrt(count) * idf(key) * (isPhrase ? 1.6 : 1);
    candidates.push({ key, tag: mostUsedForm(terms.surface.get(key)!), score });
  }

  // Tags already used on the blog whose every word appears in this post.
  const textKeys = new Set(terms.counts.keys());
  const existing = new Map<string, string>();
  for (const doc of corpus) for (const tag of doc.tags) if (!existing.has(tag.toLowerCase())) existing.set(tag.toLowerCase(), tag);
  for (const [lower, tag] of existing) {
    const words = (lower.match(/[a-z0-9][a-z0-9'&+]*/g) ?? []).map(stem);
    if (words.length === 0 || words.length > 3) continue;
    const key = words.join(" ");
    if (words.length <= 2 ? textKeys.has(key) : words.every((w) => textKeys.has(w))) {
      const own = candidates.find((c) => c.key === key);
      const boosted = (own?.score ?? 1) * 1.5;
      if (own) Object.assign(own, { tag, score: boosted });
      else candidates.push({ key, tag, score: boosted });
    }
  }

  candidates.sort((a, b) => b.score - a.score || a.tag.localeCompare(b.tag));
  const chosen: typeof candidates = [];
  const top = candidates[0]?.score ?? 0;
  for (const candidate of candidates) {
    if (chosen.length >= MAX_TAGS) break;
    // Past the minimum, only terms that matter nearly as much as the best ones.
    if (chosen.length >= MIN_TAGS && candidate.score < top * 0.35) break;
    const words = candidate.key.split(" ");
    // A phrase and its own words say the same thing twice.
    const overlaps = chosen.some((c) => {
      const other = c.key.split(" ");
      return words.length !== other.length && (words.length > other.length ? other.every((w) => words.includes(w)) : words.every((w) => other.includes(w)));
    });
    if (overlaps) continue;
    chosen.push(candidate);
  }
  const tags = chosen.map((c) => c.tag);
  if (tags.length < MIN_TAGS && post.category && !tags.includes(post.category)) tags.push(post.category);
  return tags;
}
