import { createHmac, timingSafeEqual } from "node:crypto";
import { digestOf } from "~/core/secrets/digest.server";
import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { readCookie } from "~/core/http/cookies";
import { setCookie } from "~/core/http/cookies.server";
import { dbNow } from "~/core/database/db-clock.server";
import { newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * once signed in as an admin gets a signed cookie naming that admin. With it, the browser is not
 * held by the per-account or per-address limits that an attacker can trip for everyone; its own
 * failures are limited per cookie instead. The signing key is derived from the admin's password
 * hash: it lives in the database (every instance shares it), and changing the password revokes
 * every device cookie at once.
 */
const DEVICE_COOKIE = "clink_device";
const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

const keyFrom = (passwordHash: string) => digestOf(`clink trusted device\0${passwordHash}`, "buffer");
const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
const b64 = (text: string) => Buffer.from(text).toString("base64url");

async function passwordHashOf(email: string): Promise<string | null> {
  const [user] = await getDb()
    .select({ passwordHash: schema.adminUsers.passwordHash })
    .from(schema.adminUsers)
    .where(eq(sql`lower(${schema.adminUsers.email})`, email))
    .limit(1);
  return user?.passwordHash ?? null;
}

/** The Set-Cookie for a browser that has just signed in as `email`. */
export async function deviceCookieFor(request: Request, email: string): Promise<string | null> {
  const emailKey = email.trim().toLowerCase();
  const hash = await passwordHashOf(emailKey);
  if (!hash) return null;
  const payload = `${b64(emailKey)}.${Math.floor(dbNow().getTime() / 1000)}.${newSecretToken(16)}`;
  return setCookie(request, DEVICE_COOKIE, `${payload}.${mac(keyFrom(hash), payload)}`, { maxAge: DEVICE_COOKIE_MAX_AGE });
}

/**
 * The id of this browser's device cookie when it is valid for `email` (signed with that admin's
 * current key, not expired), else null.
 */
export async function trustedDeviceId(request: Request, email: string): Promise<string | null> {
  const value = readCookie(request, DEVICE_COOKIE);
  if (!value || value.length > 500) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [emailPart, issuedAt, nonce, signature] = parts as [string, string, string, string];
  const emailKey = email.trim().toLowerCase();
  if (emailPart !== b64(emailKey)) return null;
  const age = dbNow().getTime() / 1000 - Number(issuedAt);
  if (!Number.isFinite(age) || age < -300 || age > DEVICE_COOKIE_MAX_AGE) return null;
  const hash = await passwordHashOf(emailKey);
  if (!hash) return null;
  const expected = Buffer.from(mac(keyFrom(hash), `${emailPart}.${issuedAt}.${nonce}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
