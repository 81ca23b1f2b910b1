import { Download } from "lucide-react";
import { FiguresTable } from "~/components/ui/figures-table";
import { BROUGHT_HEADER, broughtCells, type BroughtReport, type BroughtRow } from "../brought";

/**
 * "What it brought" in the Analytics section (editors and up): the range's store-button presses and /get
 * answers by platform, source, campaign, landing page and city (as the section's loader read them), with its
 * CSV download.
 */
export function BroughtTable({ report }: { report: BroughtReport }) {
  const query = `from=${report.from}&to=${report.to}`;
  const { rows } = report;
  const [, ...figures] = BROUGHT_HEADER;
  return (
    <section className="card grid gap-2 p-4" aria-labelledby="brought-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="brought-heading" className="font-bold">
          What it brought
        </h3>
        <a href={`/api/admin/analytics/brought.csv?${query}`} download className="btn btn-secondary text-sm">
          <Download aria-hidden="true" className="size-4" />
          Download as CSV
        </a>
      </div>
      <p className="text-sm text-slate-700">
        Store-button presses and /get answers, with where the visitor came from and the first page of their day.
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">No store-button press or /get answer in this range.</p>
      ) : (
        <>
          {/* A phone: one card per row (eight columns do not fit); hidden, it is not read twice. */}
          <ul className="grid gap-2 text-sm sm:hidden" aria-label="What it brought, by platform, source, campaign, landing page and city">
            {rows.map((row) => (
              <li
                key={broughtCells(row).slice(0, 6).join("\u0000")}
                className="rounded-lg border border-slate-200 p-3"
                data-testid="brought-row"
              >
                <p className="font-semibold">
                  {row.platform}, {row.via}
                </p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                  {/* (Its platform and way, "Via", are the card's title.) */}
                  {figures.map((label, i) =>
                    i === 0 ? null : (
                      <div key={label} className="contents">
                        <dt className="text-slate-700">{label}</dt>
                        <dd className={`[overflow-wrap:anywhere] ${i >= 5 ? "tabular-nums" : ""}`}>{broughtCells(row)[i + 1] || "–"}</dd>
                      </div>
                    ),
                  )}
                </dl>
              </li>
            ))}
          </ul>
          <div
            className="hidden overflow-x-auto text-sm sm:block"
            tabIndex={0}
            role="region"
            aria-label="What it brought, by platform, source, campaign, landing page and city"
          >
            <FiguresTable<BroughtRow>
              caption="What it brought"
              rowHeader={{
                label: BROUGHT_HEADER[0]!,
                cell: (row) => row.platform,
              }}
              columns={figures.map((label, i) => ({
                label,
                numeric: i >= 5,
                breakAnywhere: i === 3,
                cell: (row: BroughtRow) => broughtCells(row)[i + 1] || "–",
              }))}
              rows={rows}
              rowKey={(row) => broughtCells(row).slice(0, 6).join("\u0000")}
            />
          </div>
        </>
      )}
    </section>
  );
}
