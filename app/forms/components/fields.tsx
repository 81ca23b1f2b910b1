import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { HONEYPOT_FIELD } from "~/forms/submission-fields";

const controlClass =
  "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-600";

/** A field as the server renders it: its value and message after a post without JavaScript, none at first. */
type FieldShell = { id: string; name: string; label: string; error?: string; hint?: string; className?: string };

/**
 * A label, the control, its hint and its message slot. The slot is always there (hidden when empty): the
 * forms' script (progressive-form.client.ts) fills it by `data-error-for`, with no framework.
 */
function Shell({ id, name, label, error, hint, className = "", children }: FieldShell & { children: ReactNode }) {
  return (
    <div className={`grid content-start gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600" hidden={Boolean(error)}>
          {hint}
        </p>
      ) : null}
      <ErrorSlot id={`${id}-error`} field={name} error={error} />
    </div>
  );
}

/** Where a field's message appears; also used by fields that are not a single control (the security check). */
export function ErrorSlot({
  id,
  field,
  error,
  className = "text-sm font-medium text-red-700",
}: {
  id: string;
  field: string;
  error?: string;
  className?: string;
}) {
  return (
    <p id={id} data-error-for={field} className={className} hidden={!error}>
      {error}
    </p>
  );
}

const described = (id: string, error?: string, hint?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

type WithoutValue<T> = Omit<T, "name" | "value" | "defaultValue">;

/** A field's props split between its shell (label, hint, message) and its control (value, and what describes it). */
function fieldParts<C extends object>({ id, name, label, error, hint, className, value, ...rest }: FieldShell & { value?: string } & C) {
  return {
    shell: { id, name, label, error, hint, className },
    control: { id, name, defaultValue: value, ...described(id, error, hint), ...rest },
  };
}

export function InputField(props: FieldShell & WithoutValue<InputHTMLAttributes<HTMLInputElement>> & { value?: string }) {
  const { shell, control } = fieldParts(props);
  return (
    <Shell {...shell}>
      <input className={controlClass} {...control} />
    </Shell>
  );
}

export function TextAreaField(props: FieldShell & WithoutValue<TextareaHTMLAttributes<HTMLTextAreaElement>> & { value?: string }) {
  const { shell, control } = fieldParts(props);
  return (
    <Shell {...shell}>
      <textarea rows={5} className={`${controlClass} py-2`} {...control} />
    </Shell>
  );
}

export function SelectField({
  options,
  ...props
}: FieldShell &
  WithoutValue<SelectHTMLAttributes<HTMLSelectElement>> & { value?: string; options: Array<{ value: string; label: string }> }) {
  const { shell, control } = fieldParts(props);
  return (
    <Shell {...shell}>
      <select className={controlClass} {...control}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** The honeypot: not displayed (so people and screen readers never meet it), but in the HTML bots read. */
export function HoneypotField({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="hidden">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`${idPrefix}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What a form without JavaScript shows after the server answered (the toast's words, in the page). */
export function FormNotice({ tone, title, children }: { tone: "success" | "error"; title: string; children?: ReactNode }) {
  return (
    <div
      data-form-notice
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl border p-4 ${tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-950"}`}
    >
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-1 text-sm">{children}</p> : null}
    </div>
  );
}
