import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/index";
import { BlogSubscribeForm } from "~/audience/components/blog-subscribe-form";
import { BlogPageScript } from "~/blog/reading/components/page-script";
import { PostList } from "~/blog/reading/components/post-list";
import { SearchInput } from "~/components/ui/search-input";
import { BLOG_FEED_LINK } from "~/blog/reading/listing";
import { pageNumberFrom, pagePath, pageTitle } from "~/blog/reading/pages";
import { sitePage } from "~/site/pages";
import { seo } from "~/site/seo";
import { NotFound } from "~/components/not-found";
import { SiteSearchForm } from "~/search/components/site-search-form";
import { useReportedError } from "~/errors/use-reported-error";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import { normaliseQueryText, type PageHandle } from "~/core/http/page-handle";

// /blog and /blog/page/N. Plain HTML: live search is the small script over this same page (BlogPageScript).
export const handle = {
  pageCache: { versions: ["blog", "tags"], query: { q: normaliseQueryText(200) } },
  // Every post change purges the lists (app/core/caches/cache-tags.ts).
  cacheTags: [BLOG_TAG],
  hydrate: false,
} satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const page = loaderData?.list.page ?? 1;
  const entry = sitePage("/blog");
  // Each numbered page is a page of its own: its own address (canonical) and title.
  return seo(matches, {
    title: pageTitle(entry.title, page),
    description: entry.description,
    path: pagePath("/blog", page),
    webPage: true,
    markdown: page === 1,
    // A search result list is not a page of its own for search engines.
    noindex: new URLSearchParams(location.search).has("q"),
    extra: [BLOG_FEED_LINK],
  });
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { blogListPage } = await import("~/blog/reading/post-lists.server");
  const page = pageNumberFrom(params.page);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const list = page && (await blogListPage(q, page));
  if (!list) throw data(null, { status: 404 });
  return data({ q, list }, { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-purple-900 text-white">
        <div className="container-page py-14 sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Clink Blog</h1>
          <p className="mt-4 max-w-2xl text-lg text-indigo-100">
            Stories, guides and tips on social drinking, bar culture and making real connections, from meetup hosting to the best rooftop
            bars in town.
          </p>
          <form
            method="get"
            action="/blog"
            role="search"
            className="mt-8 flex max-w-xl gap-3"
            data-live-search
            data-live-status="blog-status"
            data-loading-text="Loading blog posts..."
            data-error-text="Error loading blog posts. Please try again later."
          >
            <SearchInput
              id="blog-search"
              label="Search blog posts"
              defaultValue={q}
              placeholder="Search blog posts..."
              className="border-0 bg-white text-slate-900 placeholder:text-slate-500 focus-visible:ring-4 focus-visible:ring-amber-300"
            />
            <noscript>
              <button type="submit" className="btn min-h-12 bg-white text-brand-800">
                Search
              </button>
            </noscript>
          </form>
        </div>
      </section>

      <section className="container-page pb-16 pt-10" aria-labelledby="blog-posts-heading">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <h2 id="blog-posts-heading" data-live-text className="text-2xl font-bold tracking-tight text-slate-900">
            {q ? `Posts matching "${q}"` : list.page > 1 ? `Older posts, page ${list.page}` : "Latest posts"}
          </h2>
          <div id="blog-status" data-live-text role="status" aria-live="polite" className="min-h-6 text-slate-600">
            {q && list.matching > 0 ? `${list.matching} ${list.matching === 1 ? "post" : "posts"} found` : ""}
          </div>
        </div>
        <PostList id="blog-results" list={list} basePath="/blog" q={q} />
        <div className="mx-auto mt-12 max-w-2xl">
          <BlogSubscribeForm page="/blog" idPrefix="blog-subscribe" />
        </div>
      </section>
      <BlogPageScript />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportedError(error);
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFound search={<SiteSearchForm id="not-found-search" className="mt-8 text-left" />} />;
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight">Clink Blog</h1>
      <p role="alert" className="mt-6 text-lg text-slate-700">
        Error loading blog posts. Please try again later.
      </p>
    </section>
  );
}
