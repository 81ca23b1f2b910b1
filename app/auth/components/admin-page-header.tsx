import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { FormError } from "~/components/ui/form-error";

/** The heading of an admin page other than the dashboard, with the way back to it. */
export function AdminPageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Link to="/admin" className="inline-flex min-h-11 items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-800 hover:underline">
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
