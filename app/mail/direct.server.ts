import { getEnv } from "~/core/instance/env.server";
import type { MailContent } from "./message";
import { messageIdFor } from "./outbox.server";
import { createMailTransport } from "./transport.server";

/**
 * Sends one message at once, outside the outbox (no row, no job): for the alert that the disk is nearly full,
 * when a write to the database is exactly what may fail. Not retried; the caller logs a failure.
 */
export async function sendMailNow(mail: { purpose: string; to: string; content: MailContent }): Promise<void> {
  const transport = createMailTransport(getEnv());
  try {
    await transport.deliver({
      // A number of its own (ms since 1970): never one of the outbox's ids, so its file is its own.
      id: Date.now(),
      messageId: messageIdFor(),
      purpose: mail.purpose,
      recipient: mail.to,
      replyTo: null,
      subject: mail.content.subject,
      textBody: mail.content.text,
      htmlBody: mail.content.html,
      headers: null,
      sentAt: null,
    });
  } finally {
    transport.close();
  }
}
