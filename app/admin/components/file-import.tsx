import { Upload } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { FormError } from "~/components/ui/form-error";
import { useAdminTask } from "../admin-action";

/**
 * An import from a chosen file (posts, redirects): `send` gets the file and the form; the answer becomes
 * `report`, the toast says "Import finished", then `onDone`, and the section's loader shows what the import
 * added (useAdminTask's revalidation, decision 0095). A missing, empty or too large file, or a refusal, shows
 * as `error` beside the form (the server's own words); an expired session shows nothing (its dialog does).
 */
export function useFileImport<R>(
  send: (file: File, form: FormData) => Promise<R>,
  options: { maxBytes?: { bytes: number; message: string }; onDone?: () => void } = {},
) {
  const task = useAdminTask({ inline: true, onDone: options.onDone });
  const [report, setReport] = useState<R | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return setFileProblem("Choose a file to import.");
    if (options.maxBytes && file.size > options.maxBytes.bytes) return setFileProblem(options.maxBytes.message);
    setFileProblem(null);
    setReport(null);
    // The report is shown as soon as it comes, before the toast and the loaders' new reading.
    await task.run(async () => setReport(await send(file, form)), { done: "Import finished" });
  };
  return { busy: task.busy, report, error: fileProblem ?? task.problem, submit };
}

/** The form of a file import: the file field (named `file`), the Import button, and the import's error. */
export function FileImportForm({
  label,
  accept,
  busy,
  busyLabel,
  error,
  onSubmit,
}: {
  label: string;
  accept: string;
  busy: boolean;
  busyLabel: string;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  const fileId = useId();
  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
        <label htmlFor={fileId} className="text-sm font-semibold">
          {label}
        </label>
        <input
          id={fileId}
          name="file"
          type="file"
          accept={accept}
          required
          className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-semibold"
        />
        <button type="submit" className="btn btn-primary w-fit" disabled={busy}>
          <Upload aria-hidden="true" className="size-4" />
          {busy ? busyLabel : "Import"}
        </button>
      </form>
      <FormError message={error} />
    </>
  );
}

/** What an import left out, one line each (`heading` above them when the report has other parts); nothing when none. */
export function ImportProblems({ problems, heading }: { problems: string[]; heading?: string }) {
  if (problems.length === 0) return null;
  const list = (
    <ul className={`${heading ? "mt-1 " : ""}list-disc pl-5 text-sm text-slate-700`}>
      {problems.map((problem, i) => (
        <li key={i}>{problem}</li>
      ))}
    </ul>
  );
  return heading ? (
    <div>
      <h4 className="text-sm font-semibold">{heading}</h4>
      {list}
    </div>
  ) : (
    list
  );
}
