import { useMemo, useState, type FormEvent } from "react";
import { ToastProvider, useToast } from "~/components/ui/toast";
import { contactFormSchema, HONEYPOT_FIELD, INQUIRY_TYPES } from "~/forms/contact-submission";
import { answerOf, useSchemaForm, type FormValues } from "~/forms/use-schema-form";
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
  const [submitting, setSubmitting] = useState(false);
  const { values, errors } = form;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const message = form.validate();
    if (!message) return;
    setSubmitting(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...message, [HONEYPOT_FIELD]: typeof honeypot === "string" && honeypot ? honeypot : undefined }),
      });
      const answer = await answerOf(response);
      if (answer.success) {
        toast(CONTACT_SENT);
        form.reset();
      } else {
        if (answer.errors) form.setErrors(answer.errors);
        toast({ title: "Error", description: answer.message ?? CONTACT_ERROR, variant: "destructive" });
      }
    } catch {
      toast({ title: "Error", description: CONTACT_ERROR, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  const text = (name: string) => ({
    name,
    value: String(values[name] ?? ""),
    error: errors[name],
    onChange: (e: { target: { value: string } }) => form.setValue(name, e.target.value),
  });

  return (
    <form ref={form.formRef} method="post" action="/contact" noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 grid gap-4 sm:grid-cols-2">
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
