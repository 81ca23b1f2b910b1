import type { FormActionResult } from "~/forms/public-forms";
import { FormNotice, HoneypotField, InputField } from "~/forms/components/fields";
import { fieldState } from "~/forms/components/contact-form";
import { BLOG_WORDING } from "../lists";
import { SignupAccepted } from "./signup-accepted";

/**
 * "Get new posts by e-mail": on /blog, under every post and on /subscribe. Plain HTML posting to /subscribe
 * (works without JavaScript), which answers with its page.
 */
export function BlogSubscribeForm({ page, result, idPrefix = "sub" }: { page: string; result?: FormActionResult; idPrefix?: string }) {
  const field = fieldState(result);
  const failed = result && !result.ok ? result : undefined;
  return (
    <section aria-labelledby={`${idPrefix}-heading`} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
      <h2 id={`${idPrefix}-heading`} className="text-xl font-extrabold tracking-tight text-slate-900">
        Get new posts by e-mail
      </h2>
      {result?.ok ? (
        <SignupAccepted className="mt-4" />
      ) : (
        <form method="post" action="/subscribe" noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          {failed?.message ? (
            <div className="sm:col-span-2">
              <FormNotice tone="error" title="Error">
                {failed.message}
              </FormNotice>
            </div>
          ) : null}
          <input type="hidden" name="page" value={page} />
          <InputField id={`${idPrefix}-email`} label="E-mail" type="email" autoComplete="email" required {...field("email")} />
          <button type="submit" className="btn btn-primary">
            Subscribe
          </button>
          <HoneypotField idPrefix={idPrefix} />
          <p className="text-xs leading-5 text-slate-600 sm:col-span-2">{BLOG_WORDING}</p>
        </form>
      )}
    </section>
  );
}
