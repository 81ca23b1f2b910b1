import { z } from "zod";
import { dnsServerList } from "./env-values.server";

/** The server's mail settings (part of env.server.ts's one schema): transport, sender, providers' events, DKIM. */
export const mailSettings = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** `smtp` (needs SMTP_URL) or `files` (.eml files in DATA_DIR/outbox, nothing delivered); follows SMTP_URL when unset. */
  MAIL_TRANSPORT: z.enum(["smtp", "files"]).optional(),
  MAIL_FROM: z.string().min(3).default("Clink <no-reply@clink.app>"),
  /** Where new submissions are announced; the first admin account's address when unset. */
  ADMIN_NOTIFY_EMAIL: z.email().optional(),
  /**
   * Mail providers' bounce and complaint events at POST /api/mail/events/{provider} (issue 51), each verified as
   * its provider signs it; a provider without its secret answers 401. Postmark: the token set as both user and
   * password of the webhook's address (HTTP basic auth); Mailgun: the HTTP webhook signing key; SendGrid: the
   * signed event webhook's verification key (base64, as SendGrid shows it); SES: the SNS topic's ARN, and the
   * signing certificate (a PEM file) when SNS's own (from sns.<region>.amazonaws.com) should not be fetched.
   */
  MAIL_EVENTS_POSTMARK_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  MAIL_EVENTS_MAILGUN_SIGNING_KEY: z.string().min(8, "must be at least 8 characters").optional(),
  MAIL_EVENTS_SENDGRID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/=\s]{40,}$/, "must be the base64 verification key SendGrid shows")
    .optional(),
  MAIL_EVENTS_SES_TOPIC_ARN: z
    .string()
    .regex(
      /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+$/,
      "must be an SNS topic ARN such as arn:aws:sns:us-east-1:123456789012:ses-events",
    )
    .optional(),
  MAIL_EVENTS_SES_CERT_FILE: z.string().min(1).optional(),
  /**
   * DKIM (issue 51): every message is signed by nodemailer for DKIM_DOMAIN (MAIL_FROM's domain or a parent of
   * it, so DMARC aligns) with the RSA key of DKIM_SELECTOR, given as PEM text or a file; the three set together.
   */
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, "must be a domain name such as clink.example")
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9._-]{0,62})$/i, "must be a selector such as clink2026")
    .optional(),
  DKIM_PRIVATE_KEY: z.string().min(100, "must be the PEM text of an RSA private key").optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** The DNS servers the mail domain's checks (SPF, DKIM, DMARC) ask; the system's resolvers when unset. */
  DNS_SERVERS: dnsServerList(),
  /** First retry delay of undelivered mail; each further attempt waits twice as long (capped at an hour). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Delivery attempts of one message before it is kept as dead (the admin can retry it). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
};
