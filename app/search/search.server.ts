import { sql } from "drizzle-orm";
import { blogVersion } from "~/blog/posts.server";
import { formatDate } from "~/core/dates";
import { categoryLabel } from "~/blog/category";
import { getDb } from "~/core/db.server";
import { VersionedCache } from "~/core/versioned-cache";
import { INDEXABLE_PAGES } from "~/site/pages";
import { anyWordQuery } from "./query";

/** The registry's public pages, as the search query reads them. */
const PAGES_JSON = JSON.stringify(INDEXABLE_PAGES.map(({ path, title, description }) => ({ path, title, description })));

/**
 * Site search (/search?q=): PostgreSQL full-text search over published posts (the generated
 * search_vector column and its GIN index) and the public pages, ranked with ts_rank, with
 * ts_headline showing the matching words in context. The same SQL runs on PGlite and PostgreSQL.
 *
 * ts_headline marks matches with the sentinels below, never with HTML: the page splits on them
 * and renders plain text segments, so nothing in a post can become markup.
 */

const START = "\u27EA"; // ⟪
const STOP = "\u27EB"; // ⟫
const HEADLINE_OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

export type Snippet = Array<{ text: string; hit: boolean }>;
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

/** Splits a headline into text and highlighted parts; markdown punctuation is dropped. */
function toSnippet(headline: string): Snippet {
  const clean = headline
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\]\([^)]*\)/g, "")
    .replace(/[#*_`>|[\]]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const parts: Snippet = [];
  for (const piece of clean.split(new RegExp(`(${START}[^${STOP}]*${STOP})`))) {
    if (!piece) continue;
    if (piece.startsWith(START) && piece.endsWith(STOP)) parts.push({ text: piece.slice(1, -1), hit: true });
    else parts.push({ text: piece.replaceAll(START, "").replaceAll(STOP, ""), hit: false });
  }
  return parts;
}

type Rows<T> = { rows: T[] };

// Results per query while the blog is unchanged; a result list is a few KB.
const cache = new VersionedCache<SearchResults>({ maxBytes: 16 * 1024 * 1024, sizeOf: (results) => JSON.stringify(results).length * 2 });

export async function searchSite(rawQuery: string): Promise<SearchResults> {
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  if (!query) return { query, posts: [], totalPosts: 0, pages: [], anyWord: false };
  return cache.getOrMake(query.toLowerCase(), await blogVersion(), async () => {
    const results = await runSearch(query);
    const looser = results.totalPosts + results.pages.length === 0 ? anyWordQuery(query) : null;
    return looser ? { ...(await runSearch(looser)), query, anyWord: true } : results;
  });
}

/** One full-text search (websearch syntax) over posts and pages. */
async function runSearch(query: string): Promise<SearchResults> {
  const db = getDb();
  const postRows = (await db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${query}) as q),
    hits as (
      -- The total comes from the same scan (a window over every match, taken before the limit);
      -- a count subquery beside the headline ran once per row shown, 3x the cost of the search.
      select p.id, p.slug, p.title, p.category, p.created_at, p.excerpt, p.content, ts_rank(p.search_vector, q.q) as rank,
        count(*) over () as total
      from blog_posts p, q
      where p.published and p.created_at <= now() and p.search_vector @@ q.q
      order by rank desc, p.created_at desc
      limit ${POST_LIMIT}
    )
    select hits.slug, hits.title, hits.category, hits.created_at::text as created_at,
      ts_headline('english', hits.excerpt || ' ' || left(hits.content, 4000), q.q, ${HEADLINE_OPTIONS}) as headline,
      hits.total::int as total
    from hits, q
    order by hits.rank desc, hits.created_at desc
  `)) as unknown as Rows<{ slug: string; title: string; category: string; created_at: string; headline: string; total: number }>;

  const pageRows = (await db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${query}) as q)
    select p.path, p.title,
      ts_headline('english', p.description, q.q, ${HEADLINE_OPTIONS}) as headline,
      ts_rank(setweight(to_tsvector('english', p.title), 'A') || setweight(to_tsvector('english', p.description), 'B'), q.q) as rank
    from json_to_recordset(${PAGES_JSON}::json) as p(path text, title text, description text), q
    where (setweight(to_tsvector('english', p.title), 'A') || setweight(to_tsvector('english', p.description), 'B')) @@ q.q
    order by rank desc
    limit 8
  `)) as unknown as Rows<{ path: string; title: string; headline: string }>;

  return {
    query,
    anyWord: false,
    totalPosts: postRows.rows[0]?.total ?? 0,
    posts: postRows.rows.map((row) => ({
      kind: "post",
      path: `/blog/${row.slug}`,
      title: row.title,
      category: categoryLabel(row.category),
      date: formatDate(new Date(row.created_at).toISOString()),
      snippet: toSnippet(row.headline),
    })),
    pages: pageRows.rows.map((row) => ({ kind: "page", path: row.path, title: row.title.split(" | ")[0]!, snippet: toSnippet(row.headline) })),
  };
}
