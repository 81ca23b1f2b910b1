import { escapeHtml } from "~/core/text/html";
import { headerText, renderMail, type MailContent, type MailBlock } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { TEST_SUBJECT_PREFIX } from "./broadcasts";
import { CONFIRM_LINK_HOURS, LIST_LABELS, type ListName } from "./lists";

/**
 * The lists' e-mails. The confirmation goes to an address a visitor typed, so it carries our fixed text only
 * (nothing they wrote); a new-post e-mail carries the post's title and excerpt, written by staff.
 */
export function confirmationMail(link: string, lists: readonly ListName[]): MailContent {
  const names = lists.map((list) => LIST_LABELS[list]).join(" and ");
  return renderMail(`Confirm your ${siteConfig.name} subscription`, [
    { kind: "paragraph", text: `Someone, hopefully you, asked to join the ${siteConfig.name} ${names}.` },
    {
      kind: "paragraph",
      text: `Open the link and press the button to confirm. The link works once and expires in ${CONFIRM_LINK_HOURS} hours.`,
    },
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
    {
      kind: "paragraph",
      text: `You get this because you subscribed to new posts by e-mail. Unsubscribe with one click: ${unsubscribeLink}`,
    },
  ];
  return renderMail(`New post: ${post.title}`, blocks);
}

/** The headers of every list e-mail (RFC 2369 and RFC 8058's one-click). */
export function listHeaders(unsubscribeLink: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * A broadcast: the staff's Markdown as the plain-text part (Markdown reads as text) and `bodyHtml`, its
 * rendering by the site's sanitizing renderer (once per broadcast, off the main thread:
 * broadcast-mail.server.ts), as the HTML part; no tracking pixel, links as written. The footer says why it
 * came and how to leave (a test has no subscription to leave).
 */
export function broadcastMail(
  broadcast: { subject: string; markdown: string; bodyHtml: string; list: ListName },
  unsubscribeLink: string | null,
  test = false,
): MailContent {
  const why = `You get this because you joined the ${siteConfig.name} ${LIST_LABELS[broadcast.list]}.`;
  const leave = unsubscribeLink
    ? `Unsubscribe with one click: ${unsubscribeLink}`
    : "This is a test sent to you alone; the real e-mail carries the one-click unsubscribe link.";
  const subject = `${test ? TEST_SUBJECT_PREFIX : ""}${broadcast.subject}`;
  const text = `${broadcast.markdown.trim()}\n\n--\n${why}\n${leave}\n`;
  const footer = unsubscribeLink
    ? `${escapeHtml(why)} <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe with one click</a>.`
    : `${escapeHtml(why)} ${escapeHtml(leave)}`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#0f172a">\n${broadcast.bodyHtml}\n<hr><p style="font-size:12px;color:#555">${footer}</p>\n</body></html>`;
  return { subject: headerText(subject), text, html };
}
