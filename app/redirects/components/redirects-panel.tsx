import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { FileImportForm, ImportProblems, useFileImport } from "~/admin/components/file-import";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { formatDateTime } from "~/core/text/dates";
import { fieldErrors } from "~/core/text/field-errors";
import type { ImportReport } from "../import.server";
import type { RedirectRow } from "../redirects.server";
import { redirectInputSchema } from "../schema";
import { PanelSection } from "~/admin/components/panel-section";
import { ItemList } from "~/admin/components/item-list";
import { ConfirmedButton } from "~/admin/components/confirmed-button";

const STATUS_LABELS: Record<number, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
  307: "307 Temporary, same method",
  308: "308 Permanent, same method",
  410: "410 Gone",
};

/**
 * The Redirects section (editors and up): the rules with their hits as its loader lists them, a form to add
 * one (checked with the server's own schema), delete, import a CSV or Ghost's redirects.json, export as CSV.
 */
export function RedirectsPanel({ redirects }: { redirects: RedirectRow[] }) {
  const { adminFetch } = useAdminSession();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState("301");
  const fields = useFieldErrors(errors);
  const task = useAdminTask({ onFieldErrors: setErrors });
  const importer = useFileImport(
    async (file) => {
      const format = /\.json$/i.test(file.name) || file.type.includes("json") ? "ghost" : "csv";
      return adminFetch<ImportReport>("/api/admin/redirects/import", { method: "POST", json: { format, content: await file.text() } });
    },
    { maxBytes: { bytes: 1_000_000, message: "Keep the file under 1 MB." } },
  );
  const { report } = importer;
  const busy = task.busy || importer.busy;

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = redirectInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const made = await task.run(() => adminFetch("/api/admin/redirects", { method: "POST", json: parsed.data }), {
      done: "Redirect added",
      failed: "Could not add the redirect",
    });
    if (made) {
      form.reset();
      setStatus("301");
    }
  };

  const remove = async (row: RedirectRow) => {
    await task.run(() => adminFetch(`/api/admin/redirects/${row.id}`, { method: "DELETE" }), {
      done: "Redirect removed",
      failed: "Could not remove it",
    });
  };

  return (
    <div className="grid gap-8">
      <PanelSection
        id="redirects-heading"
        title="Rules"
        className="grid gap-4"
        intro={
          <>
            Send an old address to a new one (or answer 410 when a page is gone for good). End the address with <code>*</code> for
            everything under it; end the target with <code>*</code> to carry the rest of the address over. A renamed tag or author keeps its
            old address by itself.
          </>
        }
      >
        <form onSubmit={(event) => void create(event)} className="grid max-w-3xl gap-3 md:grid-cols-[1fr_1fr_auto]" noValidate>
          <Field label="Old address" htmlFor={fields.field("from").id} error={fields.error("from")}>
            <input name="from" required maxLength={500} placeholder="/old-page" className={inputClass} {...fields.field("from")} />
          </Field>
          <Field label="New address" htmlFor={fields.field("to").id} error={fields.error("to")}>
            <input
              name="to"
              maxLength={2000}
              placeholder="/new-page"
              disabled={status === "410"}
              className={inputClass}
              {...fields.field("to")}
            />
          </Field>
          <Field label="Kind" htmlFor={fields.field("status").id} error={fields.error("status")}>
            <select
              name="status"
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              className={inputClass}
              {...fields.field("status")}
            >
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
        <ItemList
          items={redirects}
          loading={false}
          what="redirects"
          label="Redirect rules"
          itemClassName="flex flex-wrap items-center justify-between gap-3 py-3"
        >
          {(row) => (
            <>
              <div className="min-w-0">
                <p className="break-all font-mono text-sm">
                  {row.from} <span aria-label="goes to">→</span> {row.status === 410 ? "410 Gone" : row.to}
                </p>
                <p className="text-sm text-slate-600">
                  {row.status === 410 ? "Gone" : row.status} · {row.hits} {row.hits === 1 ? "hit" : "hits"} ·{" "}
                  {row.lastHitAt ? `last ${formatDateTime(row.lastHitAt)}` : "never hit"}
                  {row.automatic ? " · made by a rename" : ""}
                </p>
              </div>
              <ConfirmedButton question={`Stop redirecting ${row.from}?`} disabled={busy} onConfirmed={() => void remove(row)}>
                Delete<span className="sr-only"> the redirect of {row.from}</span>
              </ConfirmedButton>
            </>
          )}
        </ItemList>
      </PanelSection>

      <PanelSection
        id="redirects-files-heading"
        title="Import and export"
        className="grid gap-3"
        intro={
          <>
            A CSV of <code>from,to,status</code> (as exported here), or Ghost&apos;s <code>redirects.json</code> (Settings → Labs →
            Redirects). Each line is checked as a rule added by hand; a line that cannot be used is skipped with its reason.
          </>
        }
      >
        <a href="/api/admin/redirects/export" download className="btn btn-secondary w-fit">
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
        <FileImportForm
          label="File to import (CSV or redirects.json)"
          accept=".csv,.json,text/csv,application/json"
          busy={busy}
          busyLabel="Working..."
          error={importer.error}
          onSubmit={importer.submit}
        />
        <div aria-live="polite">
          {report ? (
            <div className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-semibold">
                Imported {report.imported}, skipped {report.skipped}
              </p>
              <ImportProblems problems={report.problems.slice(0, 100)} />
            </div>
          ) : null}
        </div>
      </PanelSection>
    </div>
  );
}
