/** An admin panel's data did not load: says what, and offers to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="text-slate-700">
      Failed to load {what}.{" "}
      <button type="button" className="font-semibold text-brand-700 underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
