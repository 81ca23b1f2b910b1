import { sql } from "drizzle-orm";
import { blogVersion } from "~/blog/posts.server";
import { formatDate } from "~/core/dates";
import { categoryLabel } from "~/blog/category";
import { getDb } from "~/core/db.server";
import { VersionedCache } from "~/core/versioned-cache";
import { INDEXABLE_PAGES } from "~/site/pages";
import { anyWordQuery } from "./query";
import { FRAGMENT_DELIMITER, headlineSource, HIT_START, HIT_STOP, markCuts, snapToWords, toSnippet, type Snippet } from "./snippet";

/** The registry's public pages, as the search query reads them. */
const PAGES_JSON = JSON.stringify(INDEXABLE_PAGES.map(({ path, title, description }) => ({ path, title, description })));

/**
 * Site search (/search?q=): PostgreSQL full-text search over published posts (the generated
 * search_vector column and its GIN index) and the public pages, ranked with ts_rank, with
 * ts_headline showing the matching words in context (over plain sentences, see ./snippet).
 * The same SQL runs on PGlite and PostgreSQL.
 */

const HEADLINE_OPTIONS = `StartSel="${HIT_START}", StopSel="${HIT_STOP}", MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter="${FRAGMENT_DELIMITER}"`;

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
    with q as (select websearch_to_tsquery('english', ${query}) as q)
    -- The total comes from the same scan (a window over every match, taken before the limit).
    select p.slug, p.title, p.category, p.created_at::text as created_at, p.excerpt, left(p.content, 4000) as content,
      count(*) over ()::int as total
    from blog_posts p, q
    where p.published and p.created_at <= now() and p.search_vector @@ q.q
    order by ts_rank(p.search_vector, q.q) desc, p.created_at desc
    limit ${POST_LIMIT}
  `)) as unknown as Rows<{ slug: string; title: string; category: string; created_at: string; excerpt: string; content: string; total: number }>;
  const sources = postRows.rows.map((row) => headlineSource(row.excerpt, row.content));
  const headlines = sources.length ? await headlinesFor(query, sources) : [];

  const pageRows = (await db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${query}) as q)
    select p.path, p.title, p.description,
      ts_headline('english', p.description, q.q, ${HEADLINE_OPTIONS}) as headline,
      ts_rank(setweight(to_tsvector('english', p.title), 'A') || setweight(to_tsvector('english', p.description), 'B'), q.q) as rank
    from json_to_recordset(${PAGES_JSON}::json) as p(path text, title text, description text), q
    where (setweight(to_tsvector('english', p.title), 'A') || setweight(to_tsvector('english', p.description), 'B')) @@ q.q
    order by rank desc
    limit 8
  `)) as unknown as Rows<{ path: string; title: string; description: string; headline: string }>;

  return {
    query,
    anyWord: false,
    totalPosts: postRows.rows[0]?.total ?? 0,
    posts: postRows.rows.map((row, i) => ({
      kind: "post",
      path: `/blog/${row.slug}`,
      title: row.title,
      category: categoryLabel(row.category),
      date: formatDate(new Date(row.created_at).toISOString()),
      snippet: toSnippet(markCuts(snapToWords(headlines[i] ?? "", sources[i]!), sources[i]!)),
    })),
    pages: pageRows.rows.map((row) => ({
      kind: "page",
      path: row.path,
      title: row.title.split(" | ")[0]!,
      snippet: toSnippet(markCuts(snapToWords(row.headline, row.description), row.description)),
    })),
  };
}

/** ts_headline over each text, in order (one statement for the whole page of results). */
async function headlinesFor(query: string, texts: string[]): Promise<string[]> {
  const rows = (await getDb().execute(sql`
    with q as (select websearch_to_tsquery('english', ${query}) as q)
    select ts_headline('english', t.text, q.q, ${HEADLINE_OPTIONS}) as headline
    from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as t(text, n), q
    order by t.n
  `)) as unknown as Rows<{ headline: string }>;
  return rows.rows.map((row) => row.headline);
}
