import { Download } from "lucide-react";
import { useState } from "react";
import { useAdminSession } from "~/admin/admin-api";
import { FileImportForm, ImportProblems, useFileImport } from "~/admin/components/file-import";
import type { ImportCounts, ImportKind, ImportReport } from "~/blog/transfer/content-archive";
import { PanelSection } from "~/admin/components/panel-section";

const KINDS: Array<[ImportKind, string]> = [
  ["posts", "Posts"],
  ["tags", "Tags"],
  ["authors", "Authors"],
  ["images", "Images"],
];
const COLUMNS: Array<[keyof ImportCounts, string]> = [
  ["created", "Created"],
  ["updated", "Updated"],
  ["skipped", "Skipped"],
];

/**
 * The admin's Content tab (administrators): download everything as one archive, and import an archive or
 * a Ghost export (POST /api/admin/import), showing what was created, updated and skipped.
 */
export function ContentPanel() {
  const { adminFetch } = useAdminSession();
  const [revisions, setRevisions] = useState(false);
  const importer = useFileImport((_file, form) => adminFetch<ImportReport>("/api/admin/import", { method: "POST", body: form }));
  const { report } = importer;

  return (
    <div className="grid gap-8">
      <PanelSection
        id="export-heading"
        title="Export"
        className="grid gap-3"
        intro={
          <>
            One zip archive with every post (drafts and scheduled ones too), their tags, authors and search fields, the tags&apos;
            descriptions and every uploaded image. Import it here or into another Clink site.
          </>
        }
      >
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" checked={revisions} onChange={(event) => setRevisions(event.target.checked)} className="size-5" />
          Include each post&apos;s revisions
        </label>
        <a href={`/api/admin/export${revisions ? "?revisions=1" : ""}`} download className="btn btn-primary w-fit">
          <Download aria-hidden="true" className="size-4" />
          Download archive
        </a>
      </PanelSection>

      <PanelSection
        id="import-heading"
        title="Import"
        className="grid gap-3"
        intro={
          <>
            An archive exported from this site (.zip), or a Ghost export (.json, Ghost 4 or 5: Settings → Labs → Export). Posts are matched
            by their address: one that is the same is skipped, one that differs is updated (its earlier text stays in its revisions).
            Importing the same file twice changes nothing. At most 50 MB.
          </>
        }
      >
        <FileImportForm
          label="File to import"
          accept=".zip,.json,application/zip,application/json"
          busy={importer.busy}
          busyLabel="Importing..."
          error={importer.error}
          onSubmit={importer.submit}
        />
        <div aria-live="polite">{report ? <ImportResult report={report} /> : null}</div>
      </PanelSection>
    </div>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-bold">Imported {report.source === "ghost" ? "a Ghost export" : "a content archive"}</h3>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">What the import created, updated and skipped</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Kind
              </th>
              {COLUMNS.map(([, label]) => (
                <th key={label} scope="col" className="py-2 pr-4 font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {KINDS.map(([kind, label]) => (
              <tr key={kind} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {label}
                </th>
                {COLUMNS.map(([column]) => (
                  <td key={column} className="py-2 pr-4 tabular-nums" data-count={`${column}-${kind}`}>
                    {report[column][kind]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ImportProblems heading="Left out" problems={report.problems.map((problem) => `${problem.item}: ${problem.message}`)} />
    </div>
  );
}
