import type { ReactNode } from "react";

export type FigureColumn<R> = { label: string; numeric?: boolean; cell: (row: R) => ReactNode };

/**
 * Figures as a plain table, one row per thing (a day, a job type): the first column names the row, the
 * others are its figures (numbers right-aligned, in even digits). Charts show their figures this way too,
 * for screen readers and for reading exact values.
 */
export function FiguresTable<R>({
  caption,
  rowHeader,
  columns,
  rows,
  rowKey,
  className = "w-full text-left",
}: {
  caption: string;
  rowHeader: FigureColumn<R>;
  columns: Array<FigureColumn<R>>;
  rows: R[];
  rowKey: (row: R) => string;
  className?: string;
}) {
  const align = (column: FigureColumn<R>) => (column.numeric ? "text-right tabular-nums" : "");
  return (
    <table className={className}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {[rowHeader, ...columns].map((column) => (
            <th key={column.label} scope="col" className={`py-1 pr-3 font-semibold last:pr-0 ${column.numeric ? "text-right" : ""}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-slate-100 last:border-b-0">
            <th scope="row" className="break-all py-1 pr-3 font-normal">
              {rowHeader.cell(row)}
            </th>
            {columns.map((column) => (
              <td key={column.label} className={`py-1 pr-3 last:pr-0 ${align(column)}`}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
