/**
 * The mail providers' bounce and complaint events (issue 51), read from each provider's documented payload
 * into one shape: which address, a hard bounce, a soft one or a complaint, and a key naming the event once
 * (a provider sends an event again until it is answered 2xx). Pure: verifying the signature is
 * provider-signatures.server.ts; acting on the events is mail-events.server.ts.
 */
const MAIL_PROVIDERS = ["postmark", "mailgun", "sendgrid", "ses"] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];
export const isMailProvider = (name: string): name is MailProvider => (MAIL_PROVIDERS as readonly string[]).includes(name);

type MailEventKind = "hard" | "soft" | "complaint";
export type MailEvent = { key: string; email: string; kind: MailEventKind };

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const email = (value: unknown): string | null => {
  const text = str(value).trim();
  return /^[^\s@]+@[^\s@]+$/.test(text) && text.length <= 254 ? text.toLowerCase() : null;
};
const one = (key: string, address: unknown, kind: MailEventKind | null): MailEvent[] => {
  const to = email(address);
  return to && kind && key ? [{ key, email: to, kind }] : [];
};

/** Postmark's bounce types that say the address itself is wrong, and those that say "not now". */
const POSTMARK_HARD = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);
const POSTMARK_SOFT = new Set(["SoftBounce", "Transient", "DnsError", "Blocked"]);

/** Postmark's bounce or spam complaint webhook: one record. */
export function postmarkEvents(body: unknown): MailEvent[] {
  const record = obj(body);
  const id = str(record.ID);
  if (record.RecordType === "SpamComplaint" || record.Type === "SpamComplaint")
    return one(`postmark:complaint:${id}`, record.Email, "complaint");
  if (record.RecordType !== "Bounce" && !("TypeCode" in record)) return [];
  const type = str(record.Type);
  const kind = POSTMARK_HARD.has(type) ? "hard" : POSTMARK_SOFT.has(type) ? "soft" : null;
  return one(`postmark:bounce:${id}`, record.Email, kind);
}

/** Mailgun's webhook: its signature beside one event ("failed" permanent or temporary, "complained"). */
export function mailgunEvents(body: unknown): MailEvent[] {
  const data = obj(obj(body)["event-data"]);
  const id = str(data.id);
  if (data.event === "complained") return one(`mailgun:${id}`, data.recipient, "complaint");
  if (data.event !== "failed") return [];
  return one(`mailgun:${id}`, data.recipient, data.severity === "permanent" ? "hard" : data.severity === "temporary" ? "soft" : null);
}

/** SendGrid's event webhook: an array of events ("bounce" hard, or "blocked" as its type; "spamreport"). */
export function sendgridEvents(body: unknown): MailEvent[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((raw): MailEvent[] => {
    const event = obj(raw);
    const key = `sendgrid:${str(event.sg_event_id)}`;
    if (!str(event.sg_event_id)) return [];
    if (event.event === "spamreport") return one(key, event.email, "complaint");
    if (event.event === "bounce") return one(key, event.email, event.type === "blocked" ? "soft" : "hard");
    return [];
  });
}

/** Amazon SES's notification (inside an SNS message, its Message a JSON text): a bounce or a complaint, per recipient. */
export function sesEvents(snsMessageId: string, message: unknown): MailEvent[] {
  const note = obj(message);
  const type = str(note.notificationType || note.eventType);
  if (type === "Complaint") {
    const complaint = obj(note.complaint);
    return (Array.isArray(complaint.complainedRecipients) ? complaint.complainedRecipients : []).flatMap((r, i) =>
      one(`ses:${snsMessageId}:${i}`, obj(r).emailAddress, "complaint"),
    );
  }
  if (type !== "Bounce") return [];
  const bounce = obj(note.bounce);
  const kind = bounce.bounceType === "Permanent" ? "hard" : "soft";
  return (Array.isArray(bounce.bouncedRecipients) ? bounce.bouncedRecipients : []).flatMap((r, i) =>
    one(`ses:${snsMessageId}:${i}`, obj(r).emailAddress, kind),
  );
}

/** SNS's string to sign (its documented order; Subject only when present, and only on notifications). */
export function snsStringToSign(message: Record<string, unknown>): string {
  const fields =
    message.Type === "Notification"
      ? [
          "Message",
          "MessageId",
          ...(message.Subject !== undefined && message.Subject !== null ? ["Subject"] : []),
          "Timestamp",
          "TopicArn",
          "Type",
        ]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return fields.map((field) => `${field}\n${str(message[field])}\n`).join("");
}

/** Soft bounces of one address within this many days... */
export const SOFT_BOUNCE_DAYS = 30;
/** ...that count as a hard bounce. */
export const SOFT_BOUNCES_FOR_HARD = 3;
