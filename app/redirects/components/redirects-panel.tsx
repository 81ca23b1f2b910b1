import { Download, Upload } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { AdminApiError, SessionExpiredError, useAdminData, useAdminSession } from "~/admin/admin-api";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { LoadFailed } from "~/admin/components/load-failed";
import { FormError } from "~/components/ui/form-error";
import { useToast } from "~/components/ui/toast";
import { formatDateTime } from "~/core/dates";
import { fieldErrors } from "~/core/field-errors";
import type { ImportReport } from "../import.server";
import type { RedirectRow } from "../redirects.server";
import { redirectInputSchema } from "../schema";

const STATUS_LABELS: Record<number, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
  307: "307 Temporary, same method",
  308: "308 Permanent, same method",
  410: "410 Gone",
};

/**
 * The admin's Redirects tab (editors and up): the rules with their hits, a form to add one (checked with
 * the server's own schema), delete, import a CSV or Ghost's redirects.json, export as CSV.
 */
export function RedirectsPanel() {
  const { data, failed, loading, load } = useAdminData<{ redirects: RedirectRow[] }>("/api/admin/redirects");
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState("301");
  const [report, setReport] = useState<ImportReport | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fields = useFieldErrors(errors);
  const fileId = useId();
  const task = useAdminTask({ onDone: () => void load(), onFieldErrors: setErrors });
  const [importing, setImporting] = useState(false);
  const busy = task.busy || importing;

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = redirectInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const made = await task.run(() => adminFetch("/api/admin/redirects", { method: "POST", json: parsed.data }), { done: "Redirect added", failed: "Could not add the redirect" });
    if (made) {
      form.reset();
      setStatus("301");
    }
  };

  const remove = async (row: RedirectRow) => {
    if (!window.confirm(`Stop redirecting ${row.from}?`)) return;
    await task.run(() => adminFetch(`/api/admin/redirects/${row.id}`, { method: "DELETE" }), { done: "Redirect removed", failed: "Could not remove it" });
  };

  const importFile = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0) return setImportError("Choose a file to import.");
    if (file.size > 1_000_000) return setImportError("Keep the file under 1 MB.");
    setImporting(true);
    setImportError(null);
    setReport(null);
    try {
      const format = /\.json$/i.test(file.name) || file.type.includes("json") ? "ghost" : "csv";
      const answer = await adminFetch<ImportReport>("/api/admin/redirects/import", { method: "POST", json: { format, content: await file.text() } });
      setReport(answer);
      toast({ title: "Import finished" });
      void load();
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) setImportError(error instanceof AdminApiError ? error.detail : (error as Error).message);
    } finally {
      setImporting(false);
    }
  };

  if (failed) return <LoadFailed what="redirects" onRetry={() => void load()} />;
  return (
    <div className="grid gap-8">
      <section aria-labelledby="redirects-heading" className="grid gap-4">
        <div>
          <h2 id="redirects-heading" className="text-xl font-bold">
            Redirects
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Send an old address to a new one (or answer 410 when a page is gone for good). End the address with <code>*</code> for everything under it; end the
            target with <code>*</code> to carry the rest of the address over. A renamed tag or author keeps its old address by itself.
          </p>
        </div>
        <form onSubmit={(event) => void create(event)} className="grid max-w-3xl gap-3 md:grid-cols-[1fr_1fr_auto]" noValidate>
          <Field label="Old address" htmlFor={fields.field("from").id} error={fields.error("from")}>
            <input name="from" required maxLength={500} placeholder="/old-page" className={inputClass} {...fields.field("from")} />
          </Field>
          <Field label="New address" htmlFor={fields.field("to").id} error={fields.error("to")}>
            <input name="to" maxLength={2000} placeholder="/new-page" disabled={status === "410"} className={inputClass} {...fields.field("to")} />
          </Field>
          <Field label="Kind" htmlFor={fields.field("status").id} error={fields.error("status")}>
            <select name="status" value={status} onChange={(event) => setStatus(event.target.value)} className={inputClass} {...fields.field("status")}>
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="btn btn-primary w-fit" disabled={busy}>
            Add redirect
          </button>
        </form>
        {!data ? (
          <p className="text-slate-600">{loading ? "Loading redirects..." : ""}</p>
        ) : data.redirects.length === 0 ? (
          <p className="text-slate-600">No redirects yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 border-y border-slate-200" aria-label="Redirect rules">
            {data.redirects.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="break-all font-mono text-sm">
                    {row.from} <span aria-label="goes to">→</span> {row.status === 410 ? "410 Gone" : row.to}
                  </p>
                  <p className="text-sm text-slate-600">
                    {row.status === 410 ? "Gone" : row.status} · {row.hits} {row.hits === 1 ? "hit" : "hits"} · {row.lastHitAt ? `last ${formatDateTime(row.lastHitAt)}` : "never hit"}
                    {row.automatic ? " · made by a rename" : ""}
                  </p>
                </div>
                <button type="button" className="btn btn-secondary min-h-9 px-4 text-red-700" disabled={busy} onClick={() => void remove(row)}>
                  Delete<span className="sr-only"> the redirect of {row.from}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="redirects-files-heading" className="grid gap-3">
        <h2 id="redirects-files-heading" className="text-xl font-bold">
          Import and export
        </h2>
        <p className="text-sm text-slate-700">
          A CSV of <code>from,to,status</code> (as exported here), or Ghost&apos;s <code>redirects.json</code> (Settings → Labs → Redirects). Each line is checked as a
          rule added by hand; a line that cannot be used is skipped with its reason.
        </p>
        <a href="/api/admin/redirects/export" download className="btn btn-secondary w-fit">
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
        <form onSubmit={(event) => void importFile(event)} className="grid gap-3">
          <label htmlFor={fileId} className="text-sm font-semibold">
            File to import (CSV or redirects.json)
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,.json,text/csv,application/json"
            required
            className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-semibold"
          />
          <button type="submit" className="btn btn-primary w-fit" disabled={busy}>
            <Upload aria-hidden="true" className="size-4" />
            {busy ? "Working..." : "Import"}
          </button>
        </form>
        <FormError message={importError} />
        <div aria-live="polite">
          {report ? (
            <div className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-semibold">
                Imported {report.imported}, skipped {report.skipped}
              </p>
              {report.problems.length > 0 ? (
                <ul className="list-disc pl-5 text-sm text-slate-700">
                  {report.problems.slice(0, 100).map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
