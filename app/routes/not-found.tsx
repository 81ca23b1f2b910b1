import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { SiteSearchForm } from "~/search/components/site-search-form";

import type { PageHandle } from "~/core/http/page-handle";

// Every unknown address shows the same page: one cache entry for all of them, no JavaScript.
export const handle = { pageCache: { sharedKey: "not-found" }, hydrate: false } satisfies PageHandle;

/** Any path no other route matches: the 404 page with a real 404 status (noindex is set by NotFound). */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound search={<SiteSearchForm id="not-found-search" className="mt-8 text-left" />} />;
}
