import type { ReactNode } from "react";

/**
 * A panel's list of items (webhooks, integrations, redirects), one per line: "Loading ..." until the first
 * answer, a sentence when there are none, else each item as its `item` draws it.
 */
export function ItemList<T extends { id: number }>({
  items,
  loading,
  loadingText,
  emptyText,
  label,
  itemClassName,
  item,
}: {
  /** Null until loaded. */
  items: T[] | null | undefined;
  loading: boolean;
  loadingText: string;
  emptyText: string;
  /** The list's accessible name, when the page needs one. */
  label?: string;
  itemClassName: string;
  item: (row: T) => ReactNode;
}) {
  if (!items) return <p className="text-slate-600">{loading ? loadingText : ""}</p>;
  if (items.length === 0) return <p className="text-slate-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-200 border-y border-slate-200" aria-label={label}>
      {items.map((row) => (
        <li key={row.id} className={itemClassName}>
          {item(row)}
        </li>
      ))}
    </ul>
  );
}
