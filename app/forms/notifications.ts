import { renderMail, type MailContent } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { budgetLabel, inquiryTypeLabel } from "./contact-submission";
import { DELETION_LINK_HOURS } from "./deletion-request";

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

export function submissionReceipt(s: Submission): MailContent {
  const advertising = s.inquiryType === "advertising";
  return renderMail(advertising ? `We received your advertising enquiry` : `We received your message`, [
    { kind: "paragraph", text: `Hi ${s.name},` },
    {
      kind: "paragraph",
      text: advertising
        ? `Thank you for your interest in advertising with ${siteConfig.name}. Our team will contact you shortly.`
        : `Thank you for contacting ${siteConfig.name}. A member of our team will get back to you soon.`,
    },
    { kind: "paragraph", text: "For your records, this is what you sent:" },
    { kind: "paragraph", text: s.subject },
    { kind: "quote", text: s.message },
    { kind: "paragraph", text: `The ${siteConfig.name} team, ${siteConfig.location.label}` },
  ]);
}

export function deletionVerification(firstName: string, link: string): MailContent {
  return renderMail(`Confirm your ${siteConfig.name} data deletion request`, [
    { kind: "paragraph", text: `Hi ${firstName},` },
    {
      kind: "paragraph",
      text: `We received a request to permanently delete your ${siteConfig.name} account and all of your data. To confirm that it was you, open the link below and press "Confirm deletion".`,
    },
    { kind: "link", label: "Confirm my deletion request", href: link },
    { kind: "paragraph", text: `The link expires in ${DELETION_LINK_HOURS} hours and works once. If you did not ask for this, ignore this e-mail: nothing will be deleted.` },
  ]);
}

export function deletionCompleted(firstName: string): MailContent {
  return renderMail(`Your ${siteConfig.name} data has been deleted`, [
    { kind: "paragraph", text: `Hi ${firstName},` },
    {
      kind: "paragraph",
      text: `As you asked, we have permanently deleted your ${siteConfig.name} account and the personal data we held about you. This cannot be undone.`,
    },
    { kind: "paragraph", text: `Thank you for having been part of ${siteConfig.name}.` },
  ]);
}
