import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Mail waiting to be delivered. A row is written in the same transaction as the record it is about,
 * so a request is never stored without its mail (or the other way round); the outbox worker delivers it.
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
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while one worker is delivering the row; another worker skips it until then. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Subject and bodies are blanked once delivered (a link with a token, the deletion completed notice). */
    purgeOnDelivery: boolean("purge_on_delivery").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_key").on(t.messageId),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);
