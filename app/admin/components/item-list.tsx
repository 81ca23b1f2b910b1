import type { ReactNode } from "react";

/**
 * A panel's list of items (webhooks, integrations, redirects), one per line: "Loading {what}..." until the
 * first answer, "No {what} yet." when there are none, else each item as `children` draws it.
 */
export function ItemList<T extends { id: number }>({
  items,
  loading,
  what,
  label,
  itemClassName,
  children,
}: {
  /** Null until loaded. */
  items: T[] | null | undefined;
  loading: boolean;
  /** What the items are, in the plural ("webhooks"). */
  what: string;
  /** The list's accessible name, when the page needs one. */
  label?: string;
  itemClassName: string;
  children: (row: T) => ReactNode;
}) {
  if (!items) return <p className="text-slate-600">{loading ? `Loading ${what}...` : ""}</p>;
  if (items.length === 0) return <p className="text-slate-600">No {what} yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 border-y border-slate-200" aria-label={label}>
      {items.map((row) => (
        <li key={row.id} className={itemClassName}>
          {children(row)}
        </li>
      ))}
    </ul>
  );
}
