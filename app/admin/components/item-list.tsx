import type { ReactNode } from "react";

/** Items one per line, divided by rules; `children` draws each item (its <li> is this list's). */
export function RowList<T extends { id: number | string }>({
  items,
  className = "divide-y divide-slate-200",
  label,
  labelledBy,
  itemClassName,
  children,
}: {
  items: T[];
  className?: string;
  /** The list's accessible name, when the page needs one: a text, or the id of the heading that gives it. */
  label?: string;
  labelledBy?: string;
  itemClassName: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <ul className={className} aria-label={label} aria-labelledby={labelledBy}>
      {items.map((row) => (
        <li key={row.id} className={itemClassName}>
          {children(row)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A panel's list of items (webhooks, integrations, redirects) as it loads: "Loading {what}..." until the
 * first answer, "No {what} yet." when there are none, else the items (a RowList ruled above and below).
 */
export function ItemList<T extends { id: number | string }>({
  items,
  loading,
  what,
  ...list
}: {
  /** Null until loaded. */
  items: T[] | null | undefined;
  loading: boolean;
  /** What the items are, in the plural ("webhooks"). */
  what: string;
  label?: string;
  itemClassName: string;
  children: (row: T) => ReactNode;
}) {
  if (!items) return <p className="text-slate-600">{loading ? `Loading ${what}...` : ""}</p>;
  if (items.length === 0) return <p className="text-slate-600">No {what} yet.</p>;
  return <RowList items={items} className="divide-y divide-slate-200 border-y border-slate-200" {...list} />;
}
