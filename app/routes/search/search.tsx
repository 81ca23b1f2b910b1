import { data } from "react-router";
import searchPageScript from "~/search/search-page.client.ts?worker&url";
import type { Route } from "./+types/search";
import type { Snippet } from "~/search/search.server";
import { SiteSearchForm } from "~/search/components/site-search-form";
import { pageSeo } from "~/site/seo";

import { BLOG_TAG } from "~/core/caches/cache-tags";
import { normaliseQueryText, type PageHandle } from "~/core/http/page-handle";
import { ModuleScript } from "~/components/module-script";

// Plain HTML: live results are the small script over this same page (app/search/search-page.client.ts).
export const handle = {
  pageCache: { versions: ["blog"], query: { q: normaliseQueryText(200) } },
  hydrate: false,
  cacheTags: [BLOG_TAG],
} satisfies PageHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { searchSite } = await import("~/search/search.server");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return data(await searchSite(q), { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageSeo(matches, "/search", {
    title: loaderData?.query ? `Search results for "${loaderData.query}"` : "Search the Site",
    // Result pages are endless and thin: keep them out of search engines' indexes.
    noindex: true,
    webPage: false,
  });

function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.map((part, i) =>
        part.hit ? (
          <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, posts, pages, totalPosts, anyWord } = loaderData;
  const count = totalPosts + pages.length;
  return (
    <section className="container-page py-12 sm:py-16">
      <h1 id="search-heading" data-live-text className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {query ? `Search results for "${query}"` : "Search the Site"}
      </h1>
      <SiteSearchForm id="site-search" defaultValue={query} className="mt-6" live={{ status: "search-status" }} />

      <p id="search-status" data-live-text role="status" className="mt-6 text-slate-600">
        {query
          ? count === 0
            ? `Nothing matched "${query}". Try other words, or browse the blog.`
            : `${count} ${count === 1 ? "result" : "results"}${anyWord ? " with some of your words (nothing had all of them)" : ""}`
          : "Type a few words to search the blog and the site's pages."}
      </p>

      <div id="search-results" data-live-region>
        {pages.length ? (
          <section aria-labelledby="page-results" className="mt-10">
            <h2 id="page-results" className="text-xl font-bold">
              Pages
            </h2>
            <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
              {pages.map((page) => (
                <SearchResult key={page.path} path={page.path} title={page.title} snippet={page.snippet} />
              ))}
            </ul>
          </section>
        ) : null}

        {posts.length ? (
          <section aria-labelledby="post-results" className="mt-10">
            <h2 id="post-results" className="text-xl font-bold">
              Blog posts{" "}
              {totalPosts > posts.length ? (
                <span className="font-normal text-slate-600">
                  (best {posts.length} of {totalPosts})
                </span>
              ) : null}
            </h2>
            <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
              {posts.map((post) => (
                <SearchResult
                  key={post.path}
                  path={post.path}
                  title={post.title}
                  detail={`${post.category} · ${post.date}`}
                  snippet={post.snippet}
                />
              ))}
            </ul>
          </section>
        ) : null}

        {query && count === 0 ? (
          <a href="/blog" className="btn btn-secondary mt-8">
            Browse the blog
          </a>
        ) : null}
      </div>
      <ModuleScript src={searchPageScript} />
    </section>
  );
}

function SearchResult({ path, title, detail, snippet }: { path: string; title: string; detail?: string; snippet: Snippet }) {
  return (
    <li className="py-4">
      <h3 className="text-lg font-semibold">
        <a href={path} className="text-brand-700 underline-offset-4 hover:underline">
          {title}
        </a>
      </h3>
      {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
      <p className="mt-1 text-slate-700">
        <SnippetText snippet={snippet} />
      </p>
    </li>
  );
}
