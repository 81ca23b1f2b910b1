import { FiguresTable, type FigureColumn } from "~/components/ui/figures-table";

/** A record table's columns: the first names the row; a null one is left out (one shown for some lists only). */
export type RecordColumns<R> = [FigureColumn<R>, ...Array<FigureColumn<R> | null>];

/**
 * Records as a table, one row each (subscribers, deletion requests, broadcasts): the kit's one table
 * (`FiguresTable`) spaced for records, the first column naming the row; a wide one scrolls sideways rather
 * than squeeze.
 */
export function RecordTable<R>({
  caption,
  rows,
  rowKey,
  columns,
  minWidth,
}: {
  /** Said to screen readers only. */
  caption: string;
  rows: R[];
  rowKey: (row: R) => string | number;
  columns: RecordColumns<R>;
  /** The Tailwind class of the width below which the table scrolls, e.g. "min-w-[40rem]". */
  minWidth: string;
}) {
  const [rowHeader, ...rest] = columns;
  return (
    // A region that may scroll is reached by the keyboard too (axe: scrollable-region-focusable, at 375 px).
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <FiguresTable
        roomy
        className={`w-full ${minWidth} text-left text-sm`}
        caption={caption}
        rowHeader={rowHeader}
        columns={rest.filter((column): column is FigureColumn<R> => column !== null)}
        rows={rows}
        rowKey={rowKey}
      />
    </div>
  );
}
