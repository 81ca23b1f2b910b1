import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions, type TransportOptions } from "nodemailer";
import type { Env } from "~/core/env.server";
import type { QueuedMail } from "./outbox.server";

/** Delivers one message; throws with the mail server's answer when it is refused. */
export type MailTransport = { deliver: (mail: QueuedMail) => Promise<void>; close: () => void; describe: string };

function envelope(env: Env, mail: QueuedMail): SendMailOptions {
  return {
    from: env.MAIL_FROM,
    to: mail.recipient,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.textBody,
    html: mail.htmlBody,
    messageId: mail.messageId,
  };
}

/**
 * With SMTP_URL: that server, with timeouts well inside the worker's lease. Without it: each message is
 * an RFC 822 file in DATA_DIR/outbox/, written under a temporary name and renamed, so a reader never sees
 * half a message and a retry rewrites the same file instead of adding a second one.
 */
export function createMailTransport(env: Env): MailTransport {
  if (env.MAIL_TRANSPORT === "smtp" && env.SMTP_URL) {
    const smtp = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as TransportOptions);
    return {
      describe: "smtp",
      deliver: async (mail) => {
        await smtp.sendMail(envelope(env, mail));
      },
      close: () => smtp.close(),
    };
  }
  const folder = path.resolve(env.DATA_DIR, "outbox");
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    describe: `files in ${folder}`,
    deliver: async (mail) => {
      const info = (await files.sendMail(envelope(env, mail))) as { message: Buffer };
      await fs.mkdir(folder, { recursive: true });
      const name = `${String(mail.id).padStart(8, "0")}-${mail.purpose}.eml`;
      const temporary = path.join(folder, `.${name}.tmp`);
      await fs.writeFile(temporary, info.message);
      await fs.rename(temporary, path.join(folder, name));
    },
    close: () => files.close(),
  };
}
