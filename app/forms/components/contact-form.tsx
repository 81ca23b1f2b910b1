import { useMemo } from "react";
import { ToastProvider, useToast } from "~/components/ui/toast";
import { contactFormSchema, INQUIRY_TYPES } from "~/forms/contact-submission";
import { useJsonSubmit, useSchemaForm, type FormValues } from "~/forms/use-schema-form";
import { FormNotice, HoneypotField, InputField, SelectField, TextAreaField } from "./fields";
import type { ServerResult } from "./advertising-form";

export const CONTACT_SENT = { title: "Message Sent", description: "Thank you for your message. We will get back to you soon." };
const CONTACT_ERROR = "There was an error sending your message. Please try again.";
const EMPTY: FormValues = { name: "", email: "", inquiryType: "general_info", subject: "", message: "" };

/** The support form of /contact: a question lands in the admin inbox under its inquiry type. */
export function ContactForm({ serverResult }: { serverResult?: ServerResult }) {
  return (
    <ToastProvider>
      <ContactFormBody serverResult={serverResult} />
    </ToastProvider>
  );
}

function ContactFormBody({ serverResult }: { serverResult?: ServerResult }) {
  const toast = useToast();
  const initial = useMemo(() => (serverResult && !serverResult.ok ? { ...EMPTY, ...serverResult.values } : EMPTY), [serverResult]);
  const form = useSchemaForm(contactFormSchema, initial, serverResult?.errors);
  const { submitting, onSubmit } = useJsonSubmit(form, {
    url: "/api/contact",
    body: (message) => message,
    defaultError: CONTACT_ERROR,
    onSuccess: () => {
      toast(CONTACT_SENT);
      form.reset();
    },
  });
  const text = form.bind;

  return (
    <form ref={form.formRef} method="post" action="/contact" noValidate onSubmit={onSubmit} className="mt-6 grid gap-4 sm:grid-cols-2">
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
      <InputField id="contact-name" label="Name" autoComplete="name" required {...text("name")} />
      <InputField id="contact-email" label="Email" type="email" autoComplete="email" required {...text("email")} />
      <SelectField
        id="contact-inquiry-type"
        label="Inquiry type"
        options={Object.entries(INQUIRY_TYPES).map(([value, label]) => ({ value, label }))}
        {...text("inquiryType")}
      />
      <InputField id="contact-subject" label="Subject" required {...text("subject")} />
      <TextAreaField id="contact-message" label="Message" className="sm:col-span-2" required {...text("message")} />
      <HoneypotField idPrefix="contact" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={submitting}>
          {submitting ? "Submitting..." : "Send Message"}
        </button>
      </div>
    </form>
  );
}
