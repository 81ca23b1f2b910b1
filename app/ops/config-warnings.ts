import type { Env } from "~/core/instance/env.server";

/** What an operator must know about the configuration the site runs with: logged at start, shown on every admin page. */
export type ConfigWarning = { variable: string; message: string };

/** localhost, 127.0.0.0/8 and ::1 (and names under .localhost): addresses only this machine reaches. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return name === "localhost" || name.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(name) || name === "::1";
}

type WarningInput = Pick<Env, "NODE_ENV" | "SITE_URL" | "SITE_URL_DERIVED" | "MAIL_TRANSPORT">;

export function configWarnings(env: WarningInput): ConfigWarning[] {
  const warnings: ConfigWarning[] = [];
  const site = new URL(env.SITE_URL);
  if (env.SITE_URL_DERIVED && env.NODE_ENV === "production") {
    warnings.push({
      variable: "SITE_URL",
      message: `SITE_URL is not set: links, feeds and e-mails point to ${env.SITE_URL}, which only this machine reaches.`,
    });
  } else if (site.protocol === "http:" && !isLoopbackHost(site.hostname)) {
    warnings.push({
      variable: "SITE_URL",
      message: `SITE_URL is ${env.SITE_URL}, not https: sign-in cookies are sent unencrypted and browsers are not told to use HTTPS.`,
    });
  }
  if (env.MAIL_TRANSPORT === "files" && env.NODE_ENV === "production") {
    warnings.push({
      variable: "SMTP_URL",
      message:
        "Warning: mail is not being delivered. Without SMTP_URL each message is kept as a file in DATA_DIR/outbox; set SMTP_URL to send them.",
    });
  }
  return warnings;
}
