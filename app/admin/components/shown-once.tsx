/**
 * A secret the server shows once (an integration's Content API key, a webhook's signing secret): in a
 * status box with what it is and "Done", which hides it for good.
 */
export function ShownOnce({
  title,
  hint,
  label,
  value,
  onDone,
}: {
  title: string;
  hint: string;
  label: string;
  value: string;
  onDone: () => void;
}) {
  return (
    <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
      <p className="mt-2 break-all font-mono text-base" aria-label={label}>
        {value}
      </p>
      <button type="button" className="btn btn-secondary mt-3 min-h-9 px-4" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
