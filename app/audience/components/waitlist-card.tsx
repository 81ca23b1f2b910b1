import { Sparkles } from "lucide-react";
import type { FormActionResult } from "~/forms/public-forms";
import { FormNotice, HoneypotField, InputField, SelectField } from "~/forms/components/fields";
import { fieldState } from "~/forms/components/contact-form";
import { BLOG_TICK_WORDING, PLATFORMS, WAITLIST_CITIES, WAITLIST_FULL_WORDING, WAITLIST_WORDING, spotsHeadline } from "../lists";
import { SignupAccepted } from "./signup-accepted";

/**
 * The early-adopter card (on / and /early-access): "Only N spots available" with the real number, and the
 * sign-up form itself, plain HTML posting to /early-access (it works without JavaScript). At zero the card
 * says the list is full and offers to tell the person when the app opens in their city instead.
 */
export function WaitlistCard({
  left,
  page,
  result,
  headingLevel = 2,
}: {
  left: number;
  page: string;
  result?: FormActionResult;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const full = left <= 0;
  const field = fieldState(result);
  const failed = result && !result.ok ? result : undefined;
  return (
    <aside
      aria-labelledby="early-adopter-heading"
      className="rounded-2xl bg-white p-6 text-slate-900 shadow-xl ring-1 ring-slate-200 sm:p-7"
    >
      <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wider text-amber-900">
        <Sparkles aria-hidden="true" className="h-3.5 w-3.5" />
        Early adopters
      </p>
      <Heading id="early-adopter-heading" className="mt-3 text-xl font-extrabold tracking-tight" data-spots-left={left}>
        {spotsHeadline(left)}
      </Heading>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        {full
          ? "Every founding spot is taken. Tell us your city and phone, and we will e-mail you once when Clink opens there."
          : "Join the founding crew in your city: free Premium for your first three months and a founder badge on your profile."}
      </p>
      {result?.ok ? (
        <SignupAccepted className="mt-5" />
      ) : (
        <form method="post" action="/early-access" noValidate className="mt-5 grid gap-4" data-goal="signup">
          {failed?.message ? (
            <FormNotice tone="error" title="Error">
              {failed.message}
            </FormNotice>
          ) : null}
          <input type="hidden" name="page" value={page} />
          <InputField id="wl-email" label="E-mail" type="email" autoComplete="email" required {...field("email")} />
          {/* One above the other: side by side in the narrow card, the choices' words were cut. */}
          <div className="grid gap-4">
            <SelectField
              id="wl-city"
              label="City"
              required
              options={[{ value: "", label: "Choose your city" }, ...WAITLIST_CITIES.map((city) => ({ value: city, label: city }))]}
              {...field("city")}
            />
            <SelectField
              id="wl-platform"
              label="Phone"
              required
              options={[{ value: "", label: "iOS or Android" }, ...Object.entries(PLATFORMS).map(([value, label]) => ({ value, label }))]}
              {...field("platform")}
            />
          </div>
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input type="checkbox" name="blog" defaultChecked={failed?.values.blog === true} className="mt-0.5 size-4" />
            <span>{BLOG_TICK_WORDING}</span>
          </label>
          <HoneypotField idPrefix="wl" />
          <p className="text-xs leading-5 text-slate-600">{full ? WAITLIST_FULL_WORDING : WAITLIST_WORDING}</p>
          <button type="submit" className="btn btn-primary w-full">
            {full ? "Tell me when it opens" : "Claim your spot"}
          </button>
        </form>
      )}
    </aside>
  );
}
