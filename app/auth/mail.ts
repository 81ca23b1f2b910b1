import { renderMail, type MailContent } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { ROLE_LABELS, type StaffRole } from "./roles";

/** The e-mails staff receive: an invitation and a password reset. The link carries its token in the fragment. */

// For a browser without JavaScript, which cannot read the link's fragment: the page asks for this code instead.
const codeBlock = (token: string) => ({ kind: "paragraph" as const, text: `If the page asks for a code, it is: ${token}` });

export function invitationMail(inviterName: string, role: StaffRole, url: string, token: string): MailContent {
  return renderMail(`You are invited to ${siteConfig.name}'s web site`, [
    { kind: "paragraph", text: `${inviterName} invited you to join ${siteConfig.name}'s web site as ${ROLE_LABELS[role]}.` },
    { kind: "link", label: "Accept the invitation (the link works once, for 7 days)", href: url },
    codeBlock(token),
    { kind: "paragraph", text: "If you did not expect this, ignore this e-mail: nothing happens until the link is used." },
  ]);
}

export function passwordResetMail(url: string, token: string): MailContent {
  return renderMail(`Reset your ${siteConfig.name} admin password`, [
    { kind: "paragraph", text: `Someone asked to reset the password of this address's ${siteConfig.name} staff account.` },
    { kind: "link", label: "Choose a new password (the link works once, for 1 hour)", href: url },
    codeBlock(token),
    { kind: "paragraph", text: "If it was not you, ignore this e-mail: your password stays as it is." },
  ]);
}
