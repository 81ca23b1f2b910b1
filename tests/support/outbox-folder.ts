import fs from "node:fs";
import path from "node:path";
import { waitFor } from "./eventually";
import { decodeQuotedPrintable, header } from "./smtp";

/** The .eml files a server without SMTP_URL wrote into DATA_DIR/outbox/, decoded enough to read. */
export function outboxMessages(dataDir: string): Array<{ file: string; raw: string; to: string; subject: string; text: string }> {
  const folder = path.join(dataDir, "outbox");
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(folder, file), "utf8");
      return { file, raw, to: header(raw, "to") ?? "", subject: header(raw, "subject") ?? "", text: decodeQuotedPrintable(raw) };
    });
}

/**
 * Waits for the message to `to` whose subject matches, and gives its deletion link's token if it has one.
 * Several folders: the instances sharing one PostgreSQL, each writing what it sends in its own.
 */
export async function waitForMail(dataDir: string | readonly string[], to: string, subject: RegExp) {
  const folders = typeof dataDir === "string" ? [dataDir] : dataDir;
  const mail = await waitFor(
    () => folders.flatMap((folder) => outboxMessages(folder)).find((m) => m.to.includes(to) && subject.test(m.subject)),
    `mail to ${to} (${subject})`,
  );
  const token = mail.text.match(/delete-my-data\/verify\?token=([A-Za-z0-9_-]{43})/)?.[1];
  return { ...mail, token };
}

/** Spec section 5's messages for the advertising enquiry, word for word, as each form must show them. */
export const ADVERTISING_MESSAGES = [
  "Company name must be at least 2 characters",
  "Contact name must be at least 2 characters",
  "Please enter a valid email address",
  "Phone number must be at least 5 characters",
  "Please enter a valid URL",
  "Message must be at least 10 characters",
];
