import type { ReactNode } from "react";

export type FigureColumn<R> = {
  label: ReactNode;
  numeric?: boolean;
  className?: string;
  /**
   * For the column naming the rows: its names are tokens (paths, job types) that may break at any character.
   * Otherwise they are words, kept whole on a phone ("Early-adopter list", never "Early-adopte|r").
   */
  breakAnywhere?: boolean;
  cell: (row: R) => ReactNode;
};

/**
 * Figures as a plain table, one row per thing (a day, a job type): the first column names the row, the
 * others are its figures (numbers right-aligned, in even digits). Charts show their figures this way too,
 * for screen readers and for reading exact values. `roomy` spaces the rows for records (the admin kit's
 * RecordTable: subscribers, broadcasts), whose cells may hold buttons and details.
 */
export function FiguresTable<R>({
  caption,
  rowHeader,
  columns,
  rows,
  rowKey,
  className = "w-full text-left",
  roomy = false,
}: {
  caption: string;
  rowHeader: FigureColumn<R>;
  columns: Array<FigureColumn<R>>;
  rows: R[];
  rowKey: (row: R) => string | number;
  className?: string;
  roomy?: boolean;
}) {
  const cell = (column: FigureColumn<R>) =>
    `${roomy ? "py-2" : "py-1"} pr-3 last:pr-0 ${column.numeric ? "text-right tabular-nums" : ""} ${column.className ?? ""}`;
  return (
    <table className={className}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          {[rowHeader, ...columns].map((column, i) => (
            <th
              key={i}
              scope="col"
              className={`${roomy ? "py-2" : "py-1"} pr-3 font-semibold last:pr-0 ${column.numeric ? "text-right" : ""}`}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={`border-b border-slate-100 last:border-b-0 ${roomy ? "align-top" : ""}`}>
            <th
              scope="row"
              className={`font-normal ${rowHeader.breakAnywhere ? "[overflow-wrap:anywhere]" : "break-words"} ${cell(rowHeader)}`}
            >
              {rowHeader.cell(row)}
            </th>
            {columns.map((column, i) => (
              <td key={i} className={cell(column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
