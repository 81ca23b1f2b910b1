import { useId, type ReactNode } from "react";

export const inputClass = "min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600";

/** A labelled field with its error message below it. */
export function Field({ label, htmlFor, error, children }: { label: string; htmlFor: string; error: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {error}
    </div>
  );
}

/**
 * Ids and ARIA wiring for a form's fields and their error messages: `field(name)` goes on the control,
 * `error(name)` renders the message the control is described by.
 */
export function useFieldErrors(errors: Record<string, string>) {
  const id = useId();
  const field = (name: string) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  return { id, field, error };
}

export type FieldErrors = ReturnType<typeof useFieldErrors>;
