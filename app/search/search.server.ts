import { blogVersion } from "~/blog/posts.server";
import { formatDate } from "~/core/dates";
import { categoryLabel } from "~/blog/category";
import { VersionedCache } from "~/core/versioned-cache";
import { headline } from "./headline";
import { anyWordQuery } from "./query";
import { searchPages, searchPosts } from "./search-index.server";
import { headlineSource, markCuts, snapToWords, toSnippet, type Snippet } from "./snippet";
import { parseQuery, shownTerms } from "./text";

/**
 * Site search (/search?q=): the in-process index (./search-index.server.ts, decision record 0022)
 * over the published, indexable posts and the public pages, in PostgreSQL's websearch syntax,
 * ranked title first, with the matching words shown in context (./headline.ts, over plain
 * sentences, see ./snippet). Nothing here asks the database but the blog's version: a search never
 * waits behind, or holds up, the embedded database's one thread.
 */

export type { Snippet };
export type PostResult = { kind: "post"; path: string; title: string; category: string; date: string; snippet: Snippet };
export type PageResult = { kind: "page"; path: string; title: string; snippet: Snippet };
export type SearchResults = {
  query: string;
  posts: PostResult[];
  totalPosts: number;
  pages: PageResult[];
  /** Nothing had all the words, so these are results with any of them. */
  anyWord: boolean;
};

const MAX_QUERY_LENGTH = 200;
const POST_LIMIT = 20;
const PAGE_LIMIT = 8;
/** How much of a post's body its snippet is looked for in (as before). */
const SNIPPET_SOURCE_CHARS = 4000;

// Results per query while the blog is unchanged; a result list is a few KB. A query is kept from
// its second sighting on, so one-off queries cannot push out the ones asked again and again.
const cache = new VersionedCache<SearchResults>({ maxBytes: 16 * 1024 * 1024, sizeOf: (results) => JSON.stringify(results).length * 2, probation: () => true });

export async function searchSite(rawQuery: string): Promise<SearchResults> {
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  if (!query) return { query, posts: [], totalPosts: 0, pages: [], anyWord: false };
  return cache.getOrMake(query.toLowerCase(), await blogVersion(), async () => {
    const results = await runSearch(query);
    const looser = results.totalPosts + results.pages.length === 0 ? anyWordQuery(query) : null;
    return looser ? { ...(await runSearch(looser)), query, anyWord: true } : results;
  });
}

/** One search (websearch syntax) over posts and pages. */
async function runSearch(query: string): Promise<SearchResults> {
  const parsed = parseQuery(query);
  const shown = shownTerms(parsed);
  const hits = await searchPosts(parsed);
  const pages = searchPages(parsed).slice(0, PAGE_LIMIT);
  return {
    query,
    anyWord: false,
    totalPosts: hits.length,
    posts: hits.slice(0, POST_LIMIT).map((post) => {
      const source = headlineSource(post.excerpt, post.content.slice(0, SNIPPET_SOURCE_CHARS));
      return {
        kind: "post",
        path: `/blog/${post.slug}`,
        title: post.title,
        category: categoryLabel(post.category),
        date: formatDate(post.createdAt),
        snippet: toSnippet(markCuts(snapToWords(headline(source, shown), source), source)),
      };
    }),
    pages: pages.map((page) => ({
      kind: "page",
      path: page.path,
      title: page.title.split(" | ")[0]!,
      snippet: toSnippet(markCuts(snapToWords(headline(page.description, shown), page.description), page.description)),
    })),
  };
}
