import { AD_BUDGETS, DEFAULT_AD_BUDGET } from "~/forms/submission-fields";
import { AD_ERROR, AD_SENT } from "~/forms/public-forms";
import { fieldState, type ServerResult } from "./contact-form";
import { FormScript } from "./form-script";
import { FormNotice, HoneypotField, InputField, SelectField, TextAreaField } from "./fields";

/** The advertiser enquiry of /advertise: plain HTML that posts to the page, checked and sent as JSON by its script. */
export function AdvertisingForm({ serverResult }: { serverResult?: ServerResult }) {
  const field = fieldState(serverResult);
  return (
    <form method="post" action="/advertise" noValidate data-public-form="advertising" className="mt-6 grid gap-4 sm:grid-cols-2">
      {serverResult?.ok ? (
        <div className="sm:col-span-2">
          <FormNotice tone="success" title={AD_SENT.title}>
            {AD_SENT.description}
          </FormNotice>
        </div>
      ) : null}
      {serverResult && !serverResult.ok && serverResult.message ? (
        <div className="sm:col-span-2">
          <FormNotice tone="error" title={AD_ERROR.title}>
            {serverResult.message}
          </FormNotice>
        </div>
      ) : null}
      <InputField id="ad-company" label="Company name" autoComplete="organization" required {...field("companyName")} />
      <InputField id="ad-contact" label="Contact name" autoComplete="name" required {...field("contactName")} />
      <InputField id="ad-email" label="Email" type="email" autoComplete="email" required {...field("email")} />
      <InputField id="ad-phone" label="Phone" type="tel" autoComplete="tel" required {...field("phone")} />
      <InputField id="ad-website" label="Website" type="url" autoComplete="url" placeholder="https://" required {...field("website")} />
      <SelectField
        id="ad-budget"
        label="Monthly budget"
        options={AD_BUDGETS.map((b) => ({ value: b, label: b }))}
        {...field("budget", DEFAULT_AD_BUDGET)}
      />
      <TextAreaField
        id="ad-message"
        label="Message"
        className="sm:col-span-2"
        placeholder="What would you like to promote, and where?"
        required
        {...field("message")}
      />
      <HoneypotField idPrefix="ad" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto">
          Submit Request
        </button>
      </div>
      <FormScript />
    </form>
  );
}
