import { renderMail, type MailContent, type MailBlock } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { CONFIRM_LINK_HOURS, LIST_LABELS, type ListName } from "./lists";

/**
 * The lists' e-mails. The confirmation goes to an address a visitor typed, so it carries our fixed text only
 * (nothing they wrote); a new-post e-mail carries the post's title and excerpt, written by staff.
 */
export function confirmationMail(link: string, lists: readonly ListName[]): MailContent {
  const names = lists.map((list) => LIST_LABELS[list]).join(" and ");
  return renderMail(`Confirm your ${siteConfig.name} subscription`, [
    { kind: "paragraph", text: `Someone, hopefully you, asked to join the ${siteConfig.name} ${names}.` },
    { kind: "paragraph", text: `Open the link and press the button to confirm. The link works once and expires in ${CONFIRM_LINK_HOURS} hours.` },
    { kind: "link", label: "Confirm my subscription", href: link },
    { kind: "paragraph", text: "If this was not you, ignore this e-mail: nothing happens unless the button is pressed." },
  ]);
}

export function newPostMail(post: { title: string; excerpt: string }, postLink: string, unsubscribeLink: string): MailContent {
  const blocks: MailBlock[] = [
    { kind: "paragraph", text: `New on the ${siteConfig.name} blog:` },
    { kind: "paragraph", text: post.title },
    ...(post.excerpt ? [{ kind: "quote" as const, text: post.excerpt }] : []),
    { kind: "link", label: "Read the post", href: postLink },
    { kind: "paragraph", text: `You get this because you subscribed to new posts by e-mail. Unsubscribe with one click: ${unsubscribeLink}` },
  ];
  return renderMail(`New post: ${post.title}`, blocks);
}

/** The headers of every list e-mail (RFC 2369 and RFC 8058's one-click). */
export function listHeaders(unsubscribeLink: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
