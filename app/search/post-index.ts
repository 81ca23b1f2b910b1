import MiniSearch, { type Query } from "minisearch";
import { VersionedCache } from "~/core/caches/versioned-cache";
import { queryScores, type TermScores } from "./query-scores";
import { containsPhrase, termOf, terms, words, type ParsedQuery } from "./text";
import { nextTurn } from "~/core/limits/next-turn";

/**
 * The site search's index of posts (decision record 0022): MiniSearch (BM25) over each post's title,
 * its excerpt, author, category and tags, and its body up to BODY_CHARS characters, with the words as
 * ./text.ts reads them. It holds terms and numbers, never text: a hit is given back as the post
 * object it was indexed from (the blog's snapshot already holds every post).
 *
 * `update` brings it to a new list of posts: the first time in slices with the event loop free
 * between them (so other requests are answered while ten thousand posts are indexed), afterwards
 * only the posts whose row changed are taken out and put back.
 */

/** How much of a post's body is indexed: its first ~450 words (10,000 posts of 8,000 characters would need ~170 MB). */
const BODY_CHARS = 3_000;
/** Field boosts: as ts_rank's weights were (title A, excerpt/author/category/tags B, body C). */
const BOOST = { title: 5, meta: 2, body: 1 };
const BUILD_SLICE = 250;
/**
 * Each term's scores are kept while the index is unchanged (any change moves every score: BM25 counts
 * the posts). A post and its score are ~50 bytes in a Map: 8 MB holds ~160,000, the lists of the
 * common words of a ten-thousand-post blog many times over. A term is kept from its second search
 * on, so one-off words (a post number) never push out the common ones.
 */
const TERM_SCORES_BYTES = 8 * 1024 * 1024;

export type IndexedPost = {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  category: string;
  tags: string[];
  content: string;
  createdAt: string;
  updatedAt: string;
};
type Doc = { id: number; title: string; meta: string; body: string };

const toDoc = (post: IndexedPost): Doc => ({
  id: post.id,
  title: post.title,
  meta: `${post.excerpt} ${post.author} ${post.category} ${post.tags.join(" ")}`,
  body: post.content.length > BODY_CHARS ? post.content.slice(0, BODY_CHARS) : post.content,
});

/** What a post's index entry was made from: when it differs, the post is indexed again. */
const signature = (post: IndexedPost) =>
  `${post.updatedAt}|${post.createdAt}|${post.title.length}|${post.excerpt.length}|${post.content.length}|${post.tags.length}`;

export function newMiniSearch<T>(fields: string[]) {
  return new MiniSearch<T>({
    fields,
    storeFields: [],
    tokenize: words,
    processTerm: termOf,
    // Queries come already read (./text.ts parseQuery): their terms are used as they are.
    searchOptions: { tokenize: (term) => [term], processTerm: (term) => term },
  });
}

/** The MiniSearch query for a parsed search: any group; in each, every term and phrase's words, none of the excluded. */
export function toQuery(parsed: ParsedQuery): Query {
  return {
    combineWith: "OR",
    queries: parsed.groups.map((group) => {
      const all: Query = { combineWith: "AND", queries: [...group.all, ...group.phrases.flat()] };
      return group.none.length ? { combineWith: "AND_NOT", queries: [all, { combineWith: "OR", queries: group.none }] } : all;
    }),
  };
}

export const hasPhrases = (parsed: ParsedQuery) => parsed.groups.some((group) => group.phrases.length > 0);

/** Whether a text's terms satisfy the query, phrases included (only asked when it has phrases). */
export function matchesWithPhrases(parsed: ParsedQuery, text: string[]): boolean {
  const present = new Set(text);
  return parsed.groups.some(
    (group) =>
      group.all.every((term) => present.has(term)) &&
      group.none.every((term) => !present.has(term)) &&
      group.phrases.every((phrase) => containsPhrase(text, phrase)),
  );
}

export class PostIndex<P extends IndexedPost> {
  private readonly index = newMiniSearch<Doc>(["title", "meta", "body"]);
  private readonly posts = new Map<number, { post: P; signature: string }>();
  private built = false;
  /** Moves with every change to the index: the version of the term scores kept. */
  private generation = 0;
  private readonly termScores = new VersionedCache<TermScores>({
    maxBytes: TERM_SCORES_BYTES,
    sizeOf: (scores) => scores.size * 50 + 100,
    probation: () => true,
  });

  get size(): number {
    return this.posts.size;
  }

  /** Makes the index hold exactly these posts. */
  async update(wanted: readonly P[]): Promise<void> {
    if (!this.built) {
      this.generation++;
      for (let at = 0; at < wanted.length; at += BUILD_SLICE) {
        for (const post of wanted.slice(at, at + BUILD_SLICE)) this.add(post);
        if (at + BUILD_SLICE < wanted.length) await nextTurn();
      }
      this.built = true;
      this.generation++;
      return;
    }
    const keep = new Set<number>();
    let changed = false;
    for (const post of wanted) {
      keep.add(post.id);
      const had = this.posts.get(post.id);
      if (had && had.signature === signature(post)) {
        had.post = post;
        continue;
      }
      if (had) this.index.discard(post.id);
      this.add(post);
      changed = true;
    }
    for (const id of [...this.posts.keys()]) {
      if (keep.has(id)) continue;
      this.index.discard(id);
      this.posts.delete(id);
      changed = true;
    }
    // Every term's scores depend on every post (BM25 counts them): none kept is current any more.
    if (changed) this.generation++;
  }

  private add(post: P) {
    this.index.add(toDoc(post));
    this.posts.set(post.id, { post, signature: signature(post) });
  }

  /** Every matching post, best first (the score, then the newest). */
  search(parsed: ParsedQuery): P[] {
    if (!parsed.groups.length) return [];
    const phrases = hasPhrases(parsed);
    const hits: Array<{ post: P; score: number }> = [];
    const version = String(this.generation);
    const scoresOf = (term: string): TermScores =>
      this.termScores.getOrMakeSync(
        term,
        version,
        () => new Map(this.index.search(term, { boost: BOOST }).map((result) => [result.id as number, result.score])),
      );
    for (const [id, score] of queryScores(parsed, scoresOf)) {
      const post = this.posts.get(id)?.post;
      if (!post) continue;
      if (phrases) {
        const doc = toDoc(post);
        if (!matchesWithPhrases(parsed, [...terms(doc.title), ...terms(doc.meta), ...terms(doc.body)])) continue;
      }
      hits.push({ post, score });
    }
    return hits
      .sort((a, b) => b.score - a.score || (a.post.createdAt < b.post.createdAt ? 1 : a.post.createdAt > b.post.createdAt ? -1 : 0))
      .map((hit) => hit.post);
  }
}
