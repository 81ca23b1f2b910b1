import { useMemo } from "react";
import { ToastProvider, useToast } from "~/components/ui/toast";
import { advertisingInquirySchema, advertisingSubmission } from "~/forms/advertising-inquiry";
import { AD_BUDGETS, DEFAULT_AD_BUDGET } from "~/forms/contact-submission";
import { useJsonSubmit, useSchemaForm, type FormValues } from "~/forms/use-schema-form";
import { siteConfig } from "~/site/config";
import { FormNotice, HoneypotField, InputField, SelectField, TextAreaField } from "./fields";

/** Spec section 8's texts for the enquiry. */
export const AD_SENT = { title: "Request Sent", description: `Thank you for your interest in advertising with ${siteConfig.name}. Our team will contact you shortly.` };
export const AD_ERROR = { title: "Error", description: "There was an error sending your request. Please try again." };

const EMPTY: FormValues = { companyName: "", contactName: "", email: "", phone: "", website: "", budget: DEFAULT_AD_BUDGET, message: "" };
// The API names the contact person `name` (spec section 7); the form calls it contactName.
const API_FIELD_TO_FORM: Record<string, string> = { name: "contactName" };

export type ServerResult = { ok: boolean; errors: Record<string, string>; values: Record<string, string | boolean>; message: string | null };

export function AdvertisingForm({ serverResult }: { serverResult?: ServerResult }) {
  return (
    <ToastProvider>
      <AdvertisingFormBody serverResult={serverResult} />
    </ToastProvider>
  );
}

function AdvertisingFormBody({ serverResult }: { serverResult?: ServerResult }) {
  const toast = useToast();
  const initial = useMemo(() => (serverResult && !serverResult.ok ? { ...EMPTY, ...serverResult.values } : EMPTY), [serverResult]);
  const form = useSchemaForm(advertisingInquirySchema, initial, serverResult?.errors);
  const { submitting, onSubmit } = useJsonSubmit(form, {
    url: "/api/contact",
    body: advertisingSubmission,
    defaultError: AD_ERROR.description,
    apiToForm: API_FIELD_TO_FORM,
    onSuccess: () => {
      toast(AD_SENT);
      form.reset();
    },
  });
  const text = form.bind;

  return (
    <form ref={form.formRef} method="post" action="/advertise" noValidate onSubmit={onSubmit} className="mt-6 grid gap-4 sm:grid-cols-2">
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
      <InputField id="ad-company" label="Company name" autoComplete="organization" required {...text("companyName")} />
      <InputField id="ad-contact" label="Contact name" autoComplete="name" required {...text("contactName")} />
      <InputField id="ad-email" label="Email" type="email" autoComplete="email" required {...text("email")} />
      <InputField id="ad-phone" label="Phone" type="tel" autoComplete="tel" required {...text("phone")} />
      <InputField id="ad-website" label="Website" type="url" autoComplete="url" placeholder="https://" required {...text("website")} />
      <SelectField id="ad-budget" label="Monthly budget" options={AD_BUDGETS.map((b) => ({ value: b, label: b }))} {...text("budget")} />
      <TextAreaField
        id="ad-message"
        label="Message"
        className="sm:col-span-2"
        placeholder="What would you like to promote, and where?"
        required
        {...text("message")}
      />
      <HoneypotField idPrefix="ad" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={submitting}>
          {submitting ? "Submitting..." : "Submit Request"}
        </button>
      </div>
    </form>
  );
}
