import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Every message the site sends. A row is written in the same transaction as the record it is about,
 * with the `mail.deliver` job that delivers it (app/mail/jobs.server.ts), so a request is never stored
 * without its mail (or the other way round). `sent_at` is set once the mail server took it.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    /** Fixed when queued, so every retry of one message carries the same Message-ID. */
    messageId: text("message_id").notNull(),
    purpose: text("purpose").notNull(),
    recipient: text("recipient").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Extra headers (a list e-mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Subject and bodies are blanked once delivered (a link with a token, the deletion completed notice). */
    purgeOnDelivery: boolean("purge_on_delivery").notNull().default(false),
    /**
     * List mail not sent, and never to be (issue 51): its address was on the suppression list when its turn
     * came ("suppressed"), or the recipient's server refused it for good ("bounced").
     */
    droppedAt: timestamp("dropped_at", { withTimezone: true }),
    dropReason: text("drop_reason"),
    /** The mailing a list message belongs to ("broadcast:12", "post:5"): its bounces and complaints can pause it (issue 51). */
    campaign: text("campaign"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_key").on(t.messageId),
    index("mail_outbox_unsent_idx")
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
    index("mail_outbox_held_idx")
      .on(t.campaign)
      .where(sql`${t.dropReason} = 'held'`),
  ],
);

/**
 * The sending domain's last DNS check (issue 51): SPF, DKIM and DMARC judged by the `mail.domain-check` job
 * (every 6 hours and at start), one row, so the System section shows it without a lookup on a page. No
 * personal data.
 */
export const mailDomainReports = pgTable("mail_domain_reports", {
  id: integer("id").primaryKey(),
  report: jsonb("report").notNull(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});
