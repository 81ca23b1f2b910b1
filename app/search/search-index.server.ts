import MiniSearch, { type Query } from "minisearch";
import { isIndexable } from "~/blog/indexable";
import { publishedWithVersion, type BlogPost } from "~/blog/posts.server";
import { INDEXABLE_PAGES } from "~/site/pages";
import { containsPhrase, termOf, terms, words, type ParsedQuery } from "./text";

/**
 * The site search's index, in this process (decision record 0020): MiniSearch (BM25) over the
 * published, indexable posts and the public pages, with the words as ./text.ts reads them.
 *
 * Kept current by the blog's version (posts.server.ts: a cheap query, so a post published on
 * another instance sharing PostgreSQL changes it here too): each search asks for the index of the
 * current version; when the version moved, the posts whose row changed are taken out and put back
 * (a publish re-indexes one post, not ten thousand). The first build runs in slices with the event
 * loop free between them, so other requests are answered while it is made.
 *
 * The index holds terms and numbers, never text: a post's words come from the blog's snapshot, which
 * already holds every post. A post's body is indexed up to BODY_CHARS characters.
 */

export const BODY_CHARS = 8_000;
/** Field boosts: as ts_rank's weights were (title A, excerpt/author/category/tags B, body C). */
const BOOST = { title: 5, meta: 2, body: 1 };
const BUILD_SLICE = 250;

type PostDoc = { id: number; title: string; meta: string; body: string };

function newPostIndex() {
  return new MiniSearch<PostDoc>({
    fields: ["title", "meta", "body"],
    storeFields: [],
    tokenize: words,
    processTerm: termOf,
    searchOptions: { tokenize: (term) => [term], processTerm: (term) => term },
  });
}

const toDoc = (post: BlogPost): PostDoc => ({
  id: post.id,
  title: post.title,
  meta: `${post.excerpt} ${post.author} ${post.category} ${post.tags.join(" ")}`,
  body: post.content.length > BODY_CHARS ? post.content.slice(0, BODY_CHARS) : post.content,
});

/** What a post's index entry was made from: when it differs, the post is indexed again. */
const signature = (post: BlogPost) => `${post.updatedAt}|${post.createdAt}|${post.title.length}|${post.excerpt.length}|${post.content.length}|${post.tags.length}`;

type PostIndex = {
  version: string;
  index: MiniSearch<PostDoc>;
  /** The indexed posts by id, with the signature they were indexed with. */
  posts: Map<number, { post: BlogPost; signature: string }>;
};

let current: PostIndex | undefined;
let pending: Promise<PostIndex> | undefined;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function update(from: PostIndex | undefined, version: string, published: BlogPost[]): Promise<PostIndex> {
  const wanted = published.filter((post) => isIndexable(post));
  if (!from) {
    const index = newPostIndex();
    const posts = new Map<number, { post: BlogPost; signature: string }>();
    for (let at = 0; at < wanted.length; at += BUILD_SLICE) {
      for (const post of wanted.slice(at, at + BUILD_SLICE)) {
        index.add(toDoc(post));
        posts.set(post.id, { post, signature: signature(post) });
      }
      if (at + BUILD_SLICE < wanted.length) await yieldToEventLoop();
    }
    return { version, index, posts };
  }
  const { index, posts } = from;
  const keep = new Set<number>();
  for (const post of wanted) {
    keep.add(post.id);
    const sig = signature(post);
    const had = posts.get(post.id);
    if (had && had.signature === sig) {
      had.post = post;
      continue;
    }
    if (had) index.discard(post.id);
    index.add(toDoc(post));
    posts.set(post.id, { post, signature: sig });
  }
  for (const id of [...posts.keys()]) {
    if (keep.has(id)) continue;
    index.discard(id);
    posts.delete(id);
  }
  return { version, index, posts };
}

/** The index of the blog's current version (made or brought up to date first if needed). */
export async function postIndex(): Promise<PostIndex> {
  const { version, published } = await publishedWithVersion();
  if (current?.version === version) return current;
  // One update at a time; a search arriving meanwhile waits for it, then checks the version again.
  if (pending) {
    await pending;
    return postIndex();
  }
  pending = update(current, version, published)
    .then((made) => (current = made))
    .finally(() => (pending = undefined));
  return pending;
}

/** The MiniSearch query for a parsed search: any group; in each, every term and phrase's words, none of the excluded. */
function toQuery(parsed: ParsedQuery): Query {
  return {
    combineWith: "OR",
    queries: parsed.groups.map((group) => {
      const all: Query = { combineWith: "AND", queries: [...group.all, ...group.phrases.flat()] };
      return group.none.length ? { combineWith: "AND_NOT", queries: [all, { combineWith: "OR", queries: group.none }] } : all;
    }),
  };
}

const hasPhrases = (parsed: ParsedQuery) => parsed.groups.some((group) => group.phrases.length > 0);

/** Whether a text's terms satisfy the query, phrases included (only asked when it has phrases). */
function matchesWithPhrases(parsed: ParsedQuery, text: string[]): boolean {
  const present = new Set(text);
  return parsed.groups.some(
    (group) => group.all.every((term) => present.has(term)) && group.none.every((term) => !present.has(term)) && group.phrases.every((phrase) => containsPhrase(text, phrase)),
  );
}

export type PostHit = { post: BlogPost; score: number };

/** Every matching post, best first (the score, then the newest). */
export async function searchPosts(parsed: ParsedQuery): Promise<PostHit[]> {
  if (!parsed.groups.length) return [];
  const { index, posts } = await postIndex();
  const found = index.search(toQuery(parsed), { boost: BOOST });
  const phrases = hasPhrases(parsed);
  const hits: PostHit[] = [];
  for (const result of found) {
    const post = posts.get(result.id as number)?.post;
    if (!post) continue;
    if (phrases && !matchesWithPhrases(parsed, [...terms(post.title), ...terms(toDoc(post).meta), ...terms(toDoc(post).body)])) continue;
    hits.push({ post, score: result.score });
  }
  return hits.sort((a, b) => b.score - a.score || (a.post.createdAt < b.post.createdAt ? 1 : a.post.createdAt > b.post.createdAt ? -1 : 0));
}

type PageDoc = { id: number; title: string; description: string };
let pageIndex: MiniSearch<PageDoc> | undefined;

export type PageHit = (typeof INDEXABLE_PAGES)[number];

/** The public pages that match, best first (their words never change while the process runs). */
export function searchPages(parsed: ParsedQuery): PageHit[] {
  if (!parsed.groups.length) return [];
  if (!pageIndex) {
    pageIndex = new MiniSearch<PageDoc>({
      fields: ["title", "description"],
      tokenize: words,
      processTerm: termOf,
      searchOptions: { tokenize: (term) => [term], processTerm: (term) => term },
    });
    pageIndex.addAll(INDEXABLE_PAGES.map((page, id) => ({ id, title: page.title, description: page.description })));
  }
  return pageIndex
    .search(toQuery(parsed), { boost: { title: 2.5, description: 1 } })
    .map((result) => INDEXABLE_PAGES[result.id as number]!)
    .filter((page) => !hasPhrases(parsed) || matchesWithPhrases(parsed, [...terms(page.title), ...terms(page.description)]));
}
