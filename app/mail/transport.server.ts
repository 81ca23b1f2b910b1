import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions, type TransportOptions } from "nodemailer";
import type { Env } from "~/core/instance/env.server";
import { dkimSettings } from "./dkim.server";
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
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/** Where messages are written when there is no SMTP_URL. */
const outboxFolder = (env: Env) => path.resolve(env.DATA_DIR, "outbox");

/**
 * Deletes the delivered message files that mention `address` (in a header or the text, quoted-printable
 * soft line breaks undone), for the erasure of a person's data; the number deleted. Nothing to do with SMTP.
 */
export async function eraseOutboxFiles(env: Env, address: string): Promise<number> {
  const wanted = address.trim().toLowerCase();
  return eraseFilesWhere(env, async (file) => {
    const raw = await fs.readFile(file, "utf8").catch(() => "");
    return raw
      .replace(/=\r?\n/g, "")
      .toLowerCase()
      .includes(wanted);
  });
}

/** Deletes the delivered message files written before `before` (the retention rule for delivered mail). */
export async function pruneOutboxFiles(env: Env, before: Date): Promise<number> {
  return eraseFilesWhere(env, async (file) => {
    const stat = await fs.stat(file).catch(() => null);
    return stat !== null && stat.mtime < before;
  });
}

async function eraseFilesWhere(env: Env, matches: (file: string) => Promise<boolean>): Promise<number> {
  if (env.SMTP_URL) return 0;
  const folder = outboxFolder(env);
  let names: string[];
  try {
    names = (await fs.readdir(folder)).filter((name) => name.endsWith(".eml"));
  } catch {
    return 0;
  }
  let erased = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    if (!(await matches(file))) continue;
    await fs.rm(file, { force: true });
    erased++;
  }
  return erased;
}

/**
 * With SMTP_URL: that server, with timeouts well inside the worker's lease. Without it: each message is
 * an RFC 822 file in DATA_DIR/outbox/, written under a temporary name and renamed, so a reader never sees
 * half a message and a retry rewrites the same file instead of adding a second one.
 */
export function createMailTransport(env: Env): MailTransport {
  // Every message, a person's own and list mail alike, signed with the site's DKIM key when one is set (issue 51).
  const dkim = dkimSettings(env);
  const signing = dkim ? { dkim } : {};
  if (env.MAIL_TRANSPORT === "smtp" && env.SMTP_URL) {
    const smtp = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...signing,
    } as unknown as TransportOptions);
    return {
      describe: "smtp",
      deliver: async (mail) => {
        await smtp.sendMail(envelope(env, mail));
      },
      close: () => smtp.close(),
    };
  }
  const folder = outboxFolder(env);
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows", ...signing });
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
