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
export function ErrorSlot({ id, field, error, className = "text-sm font-medium text-red-700" }: { id: string; field: string; error?: string; className?: string }) {
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

export function InputField({ id, name, label, error, hint, className, value, ...input }: FieldShell & WithoutValue<InputHTMLAttributes<HTMLInputElement>> & { value?: string }) {
  return (
    <Shell id={id} name={name} label={label} error={error} hint={hint} className={className}>
      <input id={id} name={name} defaultValue={value} className={controlClass} {...described(id, error, hint)} {...input} />
    </Shell>
  );
}

export function TextAreaField({
  id,
  name,
  label,
  error,
  hint,
  className,
  value,
  ...area
}: FieldShell & WithoutValue<TextareaHTMLAttributes<HTMLTextAreaElement>> & { value?: string }) {
  return (
    <Shell id={id} name={name} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} name={name} defaultValue={value} rows={5} className={`${controlClass} py-2`} {...described(id, error, hint)} {...area} />
    </Shell>
  );
}

export function SelectField({
  id,
  name,
  label,
  error,
  hint,
  className,
  options,
  value,
  ...select
}: FieldShell & WithoutValue<SelectHTMLAttributes<HTMLSelectElement>> & { value?: string; options: Array<{ value: string; label: string }> }) {
  return (
    <Shell id={id} name={name} label={label} error={error} hint={hint} className={className}>
      <select id={id} name={name} defaultValue={value} className={controlClass} {...described(id, error, hint)} {...select}>
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
