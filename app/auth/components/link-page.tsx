import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/ui/form-error";

/** The frame of the pages reached from an e-mailed link (invitation, reset, owner setup) and the forgot-password form. */
export function LinkPage({
  title,
  intro,
  message,
  done,
  submitLabel,
  children,
}: {
  title: string;
  intro: string;
  /** An error about the whole form (an expired link, too many tries). */
  message?: string | null;
  /** Shown instead of the form once it has worked. */
  done?: ReactNode;
  submitLabel: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {done ?? (
          <>
            <p className="mt-1 text-sm text-slate-700">{intro}</p>
            <Form method="post" className="mt-6 grid gap-4" noValidate>
              {children}
              <FormError message={message} />
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? "Please wait..." : submitLabel}
              </button>
              <a href="/admin" className="text-center text-sm font-semibold text-brand-800 underline">
                Back to sign in
              </a>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
