import { INQUIRY_TYPES } from "~/forms/submission-fields";
import { CONTACT_SENT, type FormActionResult } from "~/forms/public-forms";
import { FormScript } from "./form-script";
import { FormNotice, HoneypotField, InputField, SelectField, TextAreaField } from "./fields";

export type ServerResult = FormActionResult;

/** What a field shows after a post without JavaScript: the posted value and its message. */
export function fieldState(result: ServerResult | undefined) {
  const failed = result && !result.ok ? result : undefined;
  return (name: string, fallback = "") => ({
    name,
    value: typeof failed?.values[name] === "string" ? (failed.values[name] as string) : fallback,
    error: failed?.errors[name],
  });
}

/**
 * The support form of /contact: a question lands in the admin inbox under its inquiry type. Plain HTML
 * that posts to the page; its script (./form-script.tsx) checks and sends it as JSON when it can.
 */
export function ContactForm({ serverResult }: { serverResult?: ServerResult }) {
  const field = fieldState(serverResult);
  return (
    <form method="post" action="/contact" noValidate data-public-form="contact" className="mt-6 grid gap-4 sm:grid-cols-2">
      {serverResult?.ok ? (
        <div className="sm:col-span-2">
          <FormNotice tone="success" title={CONTACT_SENT.title}>
            {CONTACT_SENT.description}
          </FormNotice>
        </div>
      ) : null}
      {serverResult && !serverResult.ok && serverResult.message ? (
        <div className="sm:col-span-2">
          <FormNotice tone="error" title="Error">
            {serverResult.message}
          </FormNotice>
        </div>
      ) : null}
      <InputField id="contact-name" label="Name" autoComplete="name" required {...field("name")} />
      <InputField id="contact-email" label="Email" type="email" autoComplete="email" required {...field("email")} />
      <SelectField
        id="contact-inquiry-type"
        label="Inquiry type"
        options={Object.entries(INQUIRY_TYPES).map(([value, label]) => ({ value, label }))}
        {...field("inquiryType", "general_info")}
      />
      <InputField id="contact-subject" label="Subject" required {...field("subject")} />
      <TextAreaField id="contact-message" label="Message" className="sm:col-span-2" required {...field("message")} />
      <HoneypotField idPrefix="contact" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto">
          Send Message
        </button>
      </div>
      <FormScript />
    </form>
  );
}
