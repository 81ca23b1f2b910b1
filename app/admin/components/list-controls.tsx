import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";

const SEARCH_DELAY_MS = 300;

/** A list's search box (sent after a short pause in typing) and its sort order, wrapping to fit 375 px. */
export function ListToolbar<S extends string>({
  label,
  query,
  onQuery,
  sort,
  sorts,
  onSort,
}: {
  label: string;
  query: string;
  onQuery: (query: string) => void;
  sort: S;
  sorts: Record<S, string>;
  onSort: (sort: S) => void;
}) {
  const id = useId();
  const [text, setText] = useState(query);
  useEffect(() => {
    setText(query);
  }, [query]);
  // A search still waiting its pause must not follow the member who has meanwhile left the list (typed, then
  // pressed Edit at once): sent then, it would navigate back to the list and cancel the way to the editor.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== "idle" && navigation.location.pathname !== pathname;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (text.trim() === query) return;
    timer.current = window.setTimeout(() => {
      if (!leaving.current) onQuery(text.trim());
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [text, query, onQuery]);
  // Leaving the box (Enter, or a press elsewhere such as Edit) sends the search at once, before that press acts.
  const sendNow = () => {
    window.clearTimeout(timer.current);
    if (text.trim() !== query) onQuery(text.trim());
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-[1_1_14rem] gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold">
          {label}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={sendNow}
            onKeyDown={(e) => {
              if (e.key === "Enter") sendNow();
            }}
            className="min-h-11 w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3"
          />
        </div>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-sort`} className="text-sm font-semibold">
          Sort
        </label>
        <select
          id={`${id}-sort`}
          value={sort}
          onChange={(e) => onSort(e.target.value as S)}
          className="min-h-11 rounded-lg border border-slate-300 px-3"
        >
          {(Object.keys(sorts) as S[]).map((key) => (
            <option key={key} value={key}>
              {sorts[key]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** Previous / next with "Page 2 of 5 (87 posts)". */
export function Pager({
  page,
  pageCount,
  total,
  noun,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={`Pages of ${noun}`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {pageCount} ({total} {noun})
      </p>
      <button type="button" className="btn btn-secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
