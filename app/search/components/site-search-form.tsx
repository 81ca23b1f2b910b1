import { SearchInput } from "~/components/ui/search-input";

/**
 * The site search form (on /search and the 404 page): a plain GET to /search, so it works without
 * JavaScript. With `live`, /search's script (app/components/ui/live-search.client.ts) shows results as one types.
 */
export function SiteSearchForm({
  id,
  defaultValue,
  className = "",
  live,
}: {
  id: string;
  defaultValue?: string;
  className?: string;
  live?: { status: string };
}) {
  return (
    <form
      method="get"
      action="/search"
      role="search"
      className={`flex w-full max-w-2xl gap-3 ${className}`}
      {...(live ? { "data-live-search": "", "data-live-status": live.status } : {})}
    >
      <SearchInput
        id={id}
        label="Search the site"
        defaultValue={defaultValue}
        placeholder="Posts and pages"
        className="border border-slate-300 focus:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
