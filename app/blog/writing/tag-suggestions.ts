import { linksAsText, withoutImages } from "~/core/markdown/markdown-text";

/**
 * Smart Tags: up to 8 tags for a post, found in its own text, with no outside service
 * (docs/decisions/0007-smart-tags.md explains the method).
 *
 * Tags are what a reader would search for: topics and phrases, not whatever word happens to be
 * frequent. Candidates come from four places, each scored by how often it occurs in this post
 * (the title counts most, then the excerpt, then the body) against how common it is across the
 * other posts (TF-IDF, so "drinks" and "night", which every post uses, say little):
 * - the blog's topics (TOPICS below): "happy hour" when the post talks about drink specials;
 * - tags other posts already use, when their words appear here (the blog's tags stay consistent);
 * - two-word phrases the post repeats or puts in its title ("rooftop bars", "harbour views");
 * - single words only when they name something: a place or venue written with a capital inside a
 *   sentence ("Sydney"), a topic word, or the title's own subject repeated in the body.
 * Loose words ("hello", "alone", "walk") never qualify on their own, so a short post gets fewer
 * tags rather than padding.
 */

export type TagSource = { title: string; excerpt: string; content: string; category?: string };
export type CorpusPost = { text: string; tags: string[] };

/** Below this many, weaker (but still qualified) candidates are taken too. */
export const MIN_TAGS = 5;
export const MAX_TAGS = 8;

/**
 * The blog's topics, as a reader would search for them, and the words or phrases (stemmed, as
 * `stem` makes them) that mean the post is about one.
 */
const TOPICS: Array<{ tag: string; triggers: string[] }> = [
  { tag: "happy hour", triggers: ["happy hour", "drink special", "drink deal", "half price", "after work drink"] },
  { tag: "cocktails", triggers: ["cocktail", "mixology", "martini", "negroni", "margarita", "mojito", "spritz", "bartender"] },
  { tag: "craft beer", triggers: ["craft beer", "brewery", "ipa", "taproom", "microbrewery", "pale ale", "lager", "stout"] },
  { tag: "wine", triggers: ["wine", "winery", "sommelier", "vineyard", "wine bar", "wine tasting"] },
  { tag: "rooftop bars", triggers: ["rooftop", "rooftop bar"] },
  { tag: "live music", triggers: ["live music", "band", "gig", "dj", "concert"] },
  { tag: "trivia night", triggers: ["trivia", "pub quiz", "quiz night"] },
  { tag: "meetups", triggers: ["meetup", "meet up", "group event", "rsvp"] },
  { tag: "making friends", triggers: ["make friend", "making friend", "new friend", "meet new people", "meeting new people"] },
  { tag: "dating", triggers: ["dating", "first date", "date night", "speed dating", "single"] },
  { tag: "safety", triggers: ["safety", "safe", "trusted contact", "check-in", "emergency"] },
  { tag: "travel", triggers: ["travel", "traveler", "traveller", "new city", "visiting", "tourist"] },
  { tag: "mocktails", triggers: ["mocktail", "alcohol-free", "non-alcoholic", "sober curious", "zero proof"] },
  { tag: "networking", triggers: ["networking", "professional", "colleague", "after work"] },
];

// Words of this blog too broad to be a tag alone (they still make phrases: "rooftop bars", "craft beer").
const TOO_BROAD = new Set("bar pub club drink beer night friend people venue event city party".split(" "));

// Capitalised words that are not names of places or venues.
const NOT_NAMES = new Set(
  "i monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december".split(
    " ",
  ),
);

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
  years day days week weeks pick picks favourite favorite worth ahead ll re ve don isn aren won doesn didn post blog read article
  hello hi hey alone walk walks walking talk talking feel feels felt look looks looking start started bring find found love
  loves loved enjoy enjoyed nice fun people person someone everyone anyone place places kind sure big small little give gives
  keep keeps tell tells ask asks said thank thanks maybe perhaps simply enough whole less least able`.split(/\s+/),
);

/** Plain words from markdown: code, links' addresses and markup go. */
function plainText(markdown: string): string {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, " ").replace(/`[^`]*`/g, " ");
  return linksAsText(withoutImages(withoutCode))
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/<[^<>]+>/g, " ")
    .replace(/[#>*_~|-]+/g, " ");
}

/** Singular-ish key so "bars" and "bar" count together. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is"))
    return word.slice(0, -1);
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

/**
 * Words written with a capital inside a sentence (not its first word): names of places, venues,
 * events ("Sydney", "the Crown"). Lower-cased.
 */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  const plain = plainText(text);
  for (const sentence of plain.split(/[.!?:;\n\r]+/)) {
    const words = sentence.trim().split(/\s+/);
    words.forEach((word, i) => {
      const clean = word.replace(/^[^A-Za-z]+|[^A-Za-z']+$/g, "").replace(/'s$/, "");
      if (i > 0 && /^[A-Z][a-z]{2,}$/.test(clean) && !NOT_NAMES.has(clean.toLowerCase())) names.add(clean.toLowerCase());
    });
  }
  // A real name is never written in lower case too ("Bar Luca" but "a bar"): those are ordinary words.
  for (const name of names) if (new RegExp(`\\b${name}\\b`).test(plain)) names.delete(name);
  return names;
}

export function suggestTags(post: TagSource, corpus: CorpusPost[] = []): string[] {
  const terms: Terms = { counts: new Map(), surface: new Map() };
  collectTerms(post.title, 3, terms);
  collectTerms(post.excerpt, 2, terms);
  collectTerms(post.content, 1, terms);
  if (terms.counts.size === 0) return post.category ? [post.category] : [];
  const names = namesIn(`${post.title}. ${post.excerpt}. ${post.content}`);
  const titleKeys = termKeys(post.title);
  const topicWords = new Set(TOPICS.flatMap((topic) => topic.triggers.filter((t) => !t.includes(" ")).map(stem)));

  const documents = corpus.map((doc) => termKeys(doc.text));
  const idf = (key: string) => {
    const df = documents.reduce((n, doc) => n + (doc.has(key) ? 1 : 0), 0);
    return Math.log((documents.length + 1) / (df + 1)) + 1;
  };

  const candidates: Array<{ key: string; tag: string; score: number }> = [];
  for (const [key, count] of terms.counts) {
    const isPhrase = key.includes(" ");
    // A phrase seen once is chance; in the title, or repeated, it is a topic.
    if (isPhrase && count < 3) continue;
    if (!isPhrase && TOO_BROAD.has(key)) continue;
    // A single word must name something: a place or venue, a topic word, or the title's subject
    // repeated in the text. Anything else ("hello", "walk") is not what a reader searches for.
    if (
      !isPhrase &&
      !names.has(key) &&
      !names.has(mostUsedForm(terms.surface.get(key)!)) &&
      !topicWords.has(key) &&
      !(titleKeys.has(key) && count >= 4)
    )
      continue;
    const score = Math.sqrt(count) * idf(key) * (isPhrase ? 1.6 : names.has(key) ? 1.3 : 1);
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

  // The blog's topics this post is about, scored by how much of the post talks about them.
  for (const topic of TOPICS) {
    const hits = topic.triggers.reduce((sum, trigger) => sum + (terms.counts.get(trigger.split(" ").map(stem).join(" ")) ?? 0), 0);
    if (hits < 2) continue;
    const key = topic.tag.split(" ").map(stem).join(" ");
    // "wine tasting" in the post says more than the topic "wine": the phrase takes the topic's weight.
    const phrase = !key.includes(" ") && candidates.find((c) => c.key.includes(" ") && c.key.split(" ").includes(key));
    if (phrase) {
      phrase.score *= 1.3;
      continue;
    }
    const own = candidates.find((c) => c.key === key || c.tag.toLowerCase() === topic.tag);
    const score = Math.sqrt(hits) * 1.4;
    if (own) Object.assign(own, { tag: topic.tag, score: Math.max(own.score, score) * 1.2 });
    else candidates.push({ key, tag: topic.tag, score });
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
    // Two phrases sharing a word ("happy hour", "hour deals") are one topic cut two ways.
    const overlaps = chosen.some((c) => {
      const other = c.key.split(" ");
      if (words.length > 1 && other.length > 1) return words.some((w) => other.includes(w));
      return (
        words.length !== other.length &&
        (words.length > other.length ? other.every((w) => words.includes(w)) : words.every((w) => other.includes(w)))
      );
    });
    if (overlaps) continue;
    chosen.push(candidate);
  }
  const tags = chosen.map((c) => c.tag);
  // The category is always a fair tag; nothing else pads a short list.
  if (tags.length < MIN_TAGS && post.category && !tags.includes(post.category)) tags.push(post.category);
  return tags;
}
