import { formatDate } from "~/core/text/dates";
import { categoryLabel } from "~/blog/post/category";
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
type PostResult = { kind: "post"; path: string; title: string; category: string; date: string; snippet: Snippet };
type PageResult = { kind: "page"; path: string; title: string; snippet: Snippet };
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

// No cache of results per query: the page of a query asked again is kept whole by the front cache, and
// the index keeps each word's scores (./post-index.ts), so a search is cheap to make again. A second
// cache here only held one-off queries' results under a stream of new searches.
export async function searchSite(rawQuery: string): Promise<SearchResults> {
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  if (!query) return { query, posts: [], totalPosts: 0, pages: [], anyWord: false };
  const results = await runSearch(query);
  const looser = results.totalPosts + results.pages.length === 0 ? anyWordQuery(query) : null;
  return looser ? { ...(await runSearch(looser)), query, anyWord: true } : results;
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
