/**
 * Pure pieces of outgoing mail: the plain-text and HTML bodies, and safe header text.
 * Nothing here sends anything (see outbox.server.ts and jobs.server.ts).
 */

import { escapeHtml } from "~/core/text/html";

export type MailContent = { subject: string; text: string; html: string };

export type MailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "fields"; fields: Array<[label: string, value: string]> }
  | { kind: "quote"; text: string }
  | { kind: "link"; label: string; href: string };

// The disable sits on the regex's own line, where Prettier cannot move it away.
// eslint-disable-next-line no-control-regex
const HEADER_BREAKERS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/**
 * Text that goes into a header (the subject): line breaks and other control characters would let a
 * visitor add headers of their own, so they become spaces; the length is bounded.
 */
export function headerText(value: string, max = 200): string {
  const flat = value.replace(HEADER_BREAKERS, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One message as both a plain-text part and a simple HTML part, every value escaped in the HTML. */
export function renderMail(subject: string, blocks: MailBlock[]): MailContent {
  const text = blocks
    .map((b) => {
      switch (b.kind) {
        case "paragraph":
          return b.text;
        case "fields":
          return b.fields.map(([label, value]) => `${label}: ${value}`).join("\n");
        case "quote":
          return b.text
            .split("\n")
            .map((line) => `> ${line}`)
            .join("\n");
        case "link":
          return `${b.label}:\n${b.href}`;
      }
    })
    .join("\n\n");
  const body = blocks
    .map((b) => {
      switch (b.kind) {
        case "paragraph":
          return `<p>${escapeHtml(b.text)}</p>`;
        case "fields":
          return `<table role="presentation" cellpadding="4">${b.fields
            .map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
            .join("")}</table>`;
        case "quote":
          return `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(b.text)}</blockquote>`;
        case "link":
          return `<p><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(b.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(b.href)}</p>`;
      }
    })
    .join("\n");
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#0f172a">\n${body}\n</body></html>`;
  return { subject: headerText(subject), text: `${text}\n`, html };
}
