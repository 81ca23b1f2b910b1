import { renderMail, type MailContent } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { budgetLabel, inquiryTypeLabel } from "./contact-submission";
import { DELETION_LINK_HOURS, type ErasureReport } from "~/privacy/deletion-request-state";

/** The e-mails the public forms send: to the admin about a new submission, and to the visitor. */

type Submission = {
  name: string;
  email: string;
  inquiryType: string;
  subject: string;
  message: string;
  budget?: string | null;
  companyName?: string | null;
  phone?: string | null;
  website?: string | null;
};

export function newSubmissionNotice(s: Submission, adminUrl: string): MailContent {
  const fields: Array<[string, string]> = [
    ["From", `${s.name} <${s.email}>`],
    ["Inquiry type", inquiryTypeLabel(s.inquiryType)],
  ];
  if (s.companyName) fields.push(["Company", s.companyName]);
  if (s.phone) fields.push(["Phone", s.phone]);
  if (s.website) fields.push(["Website", s.website]);
  if (s.budget) fields.push(["Budget", budgetLabel(s.budget)]);
  return renderMail(`New submission: ${s.subject}`, [
    { kind: "paragraph", text: `A new ${inquiryTypeLabel(s.inquiryType)} submission arrived through the ${siteConfig.name} web site.` },
    { kind: "fields", fields },
    { kind: "paragraph", text: s.subject },
    { kind: "quote", text: s.message },
    { kind: "link", label: "Open the admin inbox", href: adminUrl },
  ]);
}

/*
 * Mail to an address a visitor typed carries only our own fixed text: no name, subject or message of
 * theirs, so nobody can make the site send their words (links, HTML) to someone else.
 */

export function submissionReceipt(s: Pick<Submission, "inquiryType">): MailContent {
  const advertising = s.inquiryType === "advertising";
  return renderMail(advertising ? `We received your advertising enquiry` : `We received your message`, [
    { kind: "paragraph", text: "Hello," },
    {
      kind: "paragraph",
      text: advertising
        ? `Thank you for your interest in advertising with ${siteConfig.name}. Our team will contact you shortly.`
        : `Thank you for contacting ${siteConfig.name}. A member of our team will get back to you soon.`,
    },
    { kind: "paragraph", text: `If you did not write to us, someone else typed your address on our web site: you can ignore this e-mail.` },
    { kind: "paragraph", text: `The ${siteConfig.name} team, ${siteConfig.location.label}` },
  ]);
}

export function deletionVerification(link: string): MailContent {
  return renderMail(`Confirm your ${siteConfig.name} data deletion request`, [
    { kind: "paragraph", text: "Hello," },
    {
      kind: "paragraph",
      text: `We received a request to permanently delete your ${siteConfig.name} account and all of your data. To confirm that it was you, open the link below and press "Confirm deletion".`,
    },
    { kind: "link", label: "Confirm my deletion request", href: link },
    {
      kind: "paragraph",
      text: `The link expires in ${DELETION_LINK_HOURS} hours and works once. If you did not ask for this, ignore this e-mail: nothing will be deleted.`,
    },
  ]);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Says exactly what the site erased and what the team has done and will do; itself purged once delivered. */
export function deletionCompleted(report: ErasureReport): MailContent {
  return renderMail(`Your ${siteConfig.name} data has been deleted`, [
    { kind: "paragraph", text: "Hello," },
    {
      kind: "paragraph",
      text: `As you asked, the ${siteConfig.name} team has permanently deleted your ${siteConfig.name} app account: your profile, photos, verification data, connections, messages, event history and location history. This cannot be undone.`,
    },
    {
      kind: "fields",
      fields: [
        [
          "Messages erased from our inbox",
          `${plural(report.contactSubmissions, "record", "records")} sent from your e-mail address (your deletion request's own included), with the names, phone numbers and text in them`,
        ],
        ["Your deletion request", "your first name, e-mail address and phone number erased"],
        [
          "E-mails erased from our mail queue",
          `${plural(report.outboxMessages + report.outboxFiles, "copy", "copies")} of e-mails sent to you or about you`,
        ],
      ],
    },
    {
      kind: "paragraph",
      text: `What we keep, to prove we honoured your request: its dates, its state and a keyed fingerprint of your e-mail address that cannot be turned back into the address (it only lets us recognise a repeat request). This e-mail is erased from our mail queue as soon as it is delivered.`,
    },
    {
      kind: "paragraph",
      text: `What the ${siteConfig.name} team will do: nothing more is needed from you. We will not contact you again unless you write to us, and if you sign up again later you will start with a new, empty account.`,
    },
  ]);
}
