import type { $ZodType, output } from "zod/v4/core";
import { siteConfig } from "~/site/config";
import { advertisingInquirySchema, advertisingSubmission, type AdvertisingInquiry } from "./advertising-inquiry";
import { contactFormSchema, HONEYPOT_FIELD } from "./submission-fields";
import { CORRECT_STATEMENT, deletionRequestSchema } from "./deletion-request";

/**
 * The three public forms as both sides read them: which fields the HTML form posts, how they become what
 * the shared schema reads, where the browser's script sends them as JSON, and the spec's texts for the
 * outcome (sections 5, 8 and 9). The page actions (no JavaScript) and the progressive script
 * (progressive-form.client.ts) use the same description, so the two paths cannot drift apart.
 */
export type PublicForm<S extends $ZodType = $ZodType> = {
  schema: S;
  /** Text fields and checkboxes of the HTML form, as form-data.ts reads them. */
  text: readonly string[];
  checkboxes?: readonly string[];
  /** What the HTML form posts, as the schema reads it. */
  prepare?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** A posted field that stands for a schema field (its message shows beside it). */
  fieldFor?: Readonly<Record<string, string>>;
  api: string;
  body: (data: output<S>) => object;
  /** The API names some fields differently from the form. */
  apiToForm?: Readonly<Record<string, string>>;
  busyLabel: string;
  sent: { title: string; description: string | ((data: output<S>) => string) };
  defaultError: string;
  /** After success: the form is emptied, or replaced by its "sent" panel. */
  afterSuccess: "reset" | "panel";
};

/** What a public form's page action answers (the page shows it when JavaScript is off). */
export type FormActionResult = {
  ok: boolean;
  errors: Record<string, string>;
  values: Record<string, string | boolean>;
  message: string | null;
};

export const CONTACT_SENT = { title: "Message Sent", description: "Thank you for your message. We will get back to you soon." };
export const AD_SENT = {
  title: "Request Sent",
  description: `Thank you for your interest in advertising with ${siteConfig.name}. Our team will contact you shortly.`,
};
export const AD_ERROR = { title: "Error", description: "There was an error sending your request. Please try again." };
const DELETION_TOAST = "Verification Email Sent";

const contact: PublicForm<typeof contactFormSchema> = {
  schema: contactFormSchema,
  text: ["name", "email", "inquiryType", "subject", "message", HONEYPOT_FIELD],
  api: "/api/contact",
  body: (message) => message,
  busyLabel: "Submitting...",
  sent: CONTACT_SENT,
  defaultError: "There was an error sending your message. Please try again.",
  afterSuccess: "reset",
};

const advertising: PublicForm<typeof advertisingInquirySchema> = {
  schema: advertisingInquirySchema,
  text: ["companyName", "contactName", "email", "phone", "website", "budget", "message", HONEYPOT_FIELD],
  api: "/api/contact",
  body: (inquiry: AdvertisingInquiry) => advertisingSubmission(inquiry),
  // The API names the contact person `name` (spec section 7); the form calls it contactName.
  apiToForm: { name: "contactName" },
  busyLabel: "Submitting...",
  sent: AD_SENT,
  defaultError: AD_ERROR.description,
  afterSuccess: "reset",
};

const deletion: PublicForm<typeof deletionRequestSchema> = {
  schema: deletionRequestSchema,
  text: ["firstName", "email", "phone", "securityAnswer", HONEYPOT_FIELD],
  checkboxes: ["confirmDelete"],
  // The chosen statement stands for the widget's verified flag.
  prepare: ({ securityAnswer, ...values }) => ({ ...values, captchaVerified: securityAnswer === CORRECT_STATEMENT }),
  fieldFor: { securityAnswer: "captchaVerified" },
  api: "/api/data-deletion-requests",
  body: (request) => request,
  busyLabel: "Processing...",
  sent: { title: DELETION_TOAST, description: (request) => `Check ${request.email} for the link to confirm your request.` },
  defaultError: "There was an error sending your request. Please try again.",
  afterSuccess: "panel",
};

export const PUBLIC_FORMS = { contact, advertising, deletion } as const;
export type PublicFormKind = keyof typeof PUBLIC_FORMS;
