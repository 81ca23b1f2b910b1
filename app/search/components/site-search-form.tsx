import { Form } from "react-router";
import { SearchInput } from "~/components/ui/search-input";

/** The site search form (on /search and the 404 page): a plain GET to /search, so it works without JavaScript. */
export function SiteSearchForm({ id, defaultValue, className = "" }: { id: string; defaultValue?: string; className?: string }) {
  return (
    <Form method="get" action="/search" role="search" className={`flex w-full max-w-2xl gap-3 ${className}`}>
      <SearchInput
        id={id}
        label="Search the site"
        defaultValue={defaultValue}
        key={defaultValue}
        placeholder="Posts and pages"
        className="border border-slate-300 focus:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </Form>
  );
}
