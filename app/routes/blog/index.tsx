import { X } from "lucide-react";
import { SearchInput } from "~/components/ui/search-input";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/index";
import { PostCard } from "~/blog/components/post-card";
import { BLOG_FEED_LINK, BLOG_PAGE_SIZE, filterPosts, normaliseShow, shownCount, toCard } from "~/blog/listing";
import { pageSeo } from "~/site/seo";

import { normaliseQueryText, type PageHandle } from "~/core/page-handle";

// `show` is rounded to whole pages, so a crawler walking show=1..N costs a render per page, not per number.
export const handle = {
  pageCache: { versions: ["blog"], query: { q: normaliseQueryText(200), show: normaliseShow } },
} satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageSeo(matches, "/blog", {
    // A search result list is not a page of its own for search engines.
    noindex: new URLSearchParams(location.search).has("q"),
    extra: [BLOG_FEED_LINK],
  });

export async function loader({ request }: Route.LoaderArgs) {
  const { listPosts } = await import("~/blog/posts.server");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const show = shownCount(url.searchParams.get("show"));
  const all = await listPosts({ includeDrafts: false });
  const matching = filterPosts(all, q);
  return data(
    { q, total: all.length, matching: matching.length, show, cards: matching.slice(0, show).map((post, i) => toCard(post, i)) },
    { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { q, total, matching, show, cards } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [query, setQuery] = useState(q);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward or "Clear Search" change the URL: the box follows it.
  useEffect(() => setQuery(q), [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";
  const searchFor = (value: string) => {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const params = new URLSearchParams();
      if (value.trim()) params.set("q", value);
      void submit(params, { method: "get", action: "/blog", replace: true, preventScrollReset: true });
    }, 150);
  };
  const moreParams = new URLSearchParams(location.search);
  moreParams.set("show", String(show + BLOG_PAGE_SIZE));

  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-purple-900 text-white">
        <div className="container-page py-14 sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Clink Blog</h1>
          <p className="mt-4 max-w-2xl text-lg text-indigo-100">
            Stories, guides and tips on social drinking, bar culture and making real connections, from meetup hosting to the best rooftop bars in town.
          </p>
          <Form ref={formRef} method="get" action="/blog" role="search" className="mt-8 max-w-xl" onSubmit={(e) => { e.preventDefault(); searchFor(query); }}>
            <SearchInput
              id="blog-search"
              label="Search blog posts"
              value={query}
              onChange={(e) => searchFor(e.target.value)}
              placeholder="Search blog posts..."
              className="border-0 bg-white text-slate-900 placeholder:text-slate-500 focus-visible:ring-4 focus-visible:ring-amber-300"
            />
            <noscript>
              <button type="submit" className="btn mt-3 bg-white text-brand-800">
                Search
              </button>
            </noscript>
          </Form>
        </div>
      </section>

      <section className="container-page pb-16 pt-10" aria-labelledby="blog-posts-heading">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <h2 id="blog-posts-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {q ? `Posts matching "${q}"` : "Latest posts"}
          </h2>
          <div role="status" aria-live="polite" className="min-h-6 text-slate-600">
            {loading ? "Loading blog posts..." : q && matching > 0 ? `${matching} ${matching === 1 ? "post" : "posts"} found` : ""}
          </div>
        </div>

        {total === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">No blog posts available yet.</p>
        ) : matching === 0 ? (
          <div className="flex flex-col items-center gap-6 py-16 text-center">
            <p className="text-lg text-slate-600">No blog posts found matching your search.</p>
            <Link to="/blog" className="btn btn-primary" onClick={() => setQuery("")} preventScrollReset>
              <X aria-hidden className="size-4" />
              Clear Search
            </Link>
          </div>
        ) : (
          <>
            <ul className={`grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3 ${loading ? "opacity-60" : ""}`}>
              {cards.map((card) => (
                <li key={card.id} className="flex">
                  <div className="flex w-full">
                    <PostCard card={card} search={location.search} />
                  </div>
                </li>
              ))}
            </ul>
            {matching > cards.length ? (
              <div className="mt-12 flex flex-col items-center gap-2">
                <Link to={`/blog?${moreParams}`} className="btn btn-secondary" preventScrollReset replace>
                  Load more posts
                </Link>
                <p className="text-sm text-slate-600">
                  Showing {cards.length} of {matching}
                </p>
              </div>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight">Clink Blog</h1>
      <p role="alert" className="mt-6 text-lg text-slate-700">
        Error loading blog posts. Please try again later.
      </p>
    </section>
  );
}
