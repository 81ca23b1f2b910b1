import { Download, Upload } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { AdminApiError, SessionExpiredError, useAdminSession } from "~/admin/admin-api";
import { useToast } from "~/components/ui/toast";
import type { ImportCounts, ImportKind, ImportReport } from "~/blog/content-archive";
import { FormError } from "~/components/ui/form-error";

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
  const toast = useToast();
  const [revisions, setRevisions] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setError("Choose a file to import.");
      return;
    }
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      const answer = await adminFetch<ImportReport>("/api/admin/import", { method: "POST", body: form });
      setReport(answer);
      toast({ title: "Import finished" });
    } catch (failure) {
      if (!(failure instanceof SessionExpiredError)) setError(failure instanceof AdminApiError ? failure.detail : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-8">
      <section aria-labelledby="export-heading" className="grid gap-3">
        <h2 id="export-heading" className="text-xl font-bold">
          Export
        </h2>
        <p className="text-sm text-slate-700">
          One zip archive with every post (drafts and scheduled ones too), their tags, authors and search fields, the tags&apos; descriptions and every uploaded image.
          Import it here or into another Clink site.
        </p>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" checked={revisions} onChange={(event) => setRevisions(event.target.checked)} className="size-5" />
          Include each post&apos;s revisions
        </label>
        <a href={`/api/admin/export${revisions ? "?revisions=1" : ""}`} download className="btn btn-primary w-fit">
          <Download aria-hidden="true" className="size-4" />
          Download archive
        </a>
      </section>

      <section aria-labelledby="import-heading" className="grid gap-3">
        <h2 id="import-heading" className="text-xl font-bold">
          Import
        </h2>
        <p className="text-sm text-slate-700">
          An archive exported from this site (.zip), or a Ghost export (.json, Ghost 4 or 5: Settings → Labs → Export). Posts are matched by their address: one that
          is the same is skipped, one that differs is updated (its earlier text stays in its revisions). Importing the same file twice changes nothing. At most 50 MB.
        </p>
        <form onSubmit={(event) => void submit(event)} className="grid gap-3">
          <label htmlFor={fileId} className="text-sm font-semibold">
            File to import
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".zip,.json,application/zip,application/json"
            required
            className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-semibold"
          />
          <button type="submit" className="btn btn-primary w-fit" disabled={busy}>
            <Upload aria-hidden="true" className="size-4" />
            {busy ? "Importing..." : "Import"}
          </button>
        </form>
        <FormError message={error} />
        <div aria-live="polite">{report ? <ImportResult report={report} /> : null}</div>
      </section>
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
      {report.problems.length ? (
        <div>
          <h4 className="text-sm font-semibold">Left out</h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
            {report.problems.map((problem) => (
              <li key={problem.item}>
                {problem.item}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
