import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormError } from "~/components/ui/form-error";

/** The heading of an admin page other than the overview, with the way back to it. */
export function AdminPageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Link
        to="/admin"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-slate-700">{intro}</p>
    </div>
  );
}

/** The outcome of a page form, announced to screen readers. */
export function FormOutcome({ result, intent }: { result?: { intent: string; ok: boolean; message: string | null }; intent: string }) {
  if (!result || result.intent !== intent || !result.message) return null;
  return result.ok ? (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
      {result.message}
    </p>
  ) : (
    <FormError message={result.message} />
  );
}

/** One of the admin's white cards, named by its heading (a landmark region). */
export function AdminCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a form of the staff pages answers (app/auth/staff-page.server). */
export type FormResult = { intent: string; ok: boolean; errors: Record<string, string>; message: string | null };

/**
 * One form of the staff pages: posted to the page's action under its `intent` (it works without JavaScript),
 * its fields, then its outcome and a submit button that says "Saving..." while it is sent.
 */
export function IntentForm({
  intent,
  result,
  submit,
  primary = false,
  children,
}: {
  intent: string;
  result?: FormResult;
  submit: string;
  primary?: boolean;
  children: ReactNode;
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" className="mt-4 grid gap-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <FormOutcome result={result} intent={intent} />
      <button type="submit" className={`btn ${primary ? "btn-primary" : "btn-secondary"} justify-self-start`} disabled={busy}>
        {busy ? "Saving..." : submit}
      </button>
    </Form>
  );
}
