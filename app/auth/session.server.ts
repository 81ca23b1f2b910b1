import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { json } from "~/core/api.server";
import { readCookie } from "~/core/cookies";
import { isCrossSite } from "~/core/cross-site";
import { getDb, schema } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { FLASH_COOKIE } from "./flash.server";
import { generatePassword, hashPassword, verifyPassword } from "./password.server";

export const SESSION_COOKIE = "clink_session";
/**
 * Cookies that make an answer this visitor's own: a request carrying one is never answered from,
 * nor stored in, the shared page cache (server/front-cache.ts), and its answer is never shared.
 */
export const PERSONAL_COOKIES: readonly string[] = [SESSION_COOKIE, FLASH_COOKIE];
/** Sessions end after 12 hours without a request. */
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
// Refresh last-seen at most once a minute, so reads don't become a write per request.
const TOUCH_AFTER_MS = 60 * 1000;

export type Admin = { id: number; email: string };
export type AdminSession = { admin: Admin; sessionHash: string };

const hashId = (id: string) => createHash("sha256").update(id).digest("base64url");

/** On start: make sure one admin exists, from ADMIN_EMAIL/ADMIN_PASSWORD or with a generated password. */
export async function ensureAdminUser(): Promise<void> {
  const db = getDb();
  const existing = await db.select({ id: schema.adminUsers.id }).from(schema.adminUsers).limit(1);
  if (existing.length > 0) return;
  const env = getEnv();
  const email = (env.ADMIN_EMAIL ?? "admin@clink.app").toLowerCase();
  const generated = env.ADMIN_PASSWORD ? undefined : generatePassword();
  const password = env.ADMIN_PASSWORD ?? generated!;
  const inserted = await db
    .insert(schema.adminUsers)
    .values({ email, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: schema.adminUsers.id });
  if (generated && inserted.length > 0) {
    // Printed once, straight to the console (not the structured log), so it never lands in log storage.
    process.stdout.write(
      `\n  No admin was configured, so one was created:\n    e-mail:   ${email}\n    password: ${generated}\n  Keep it safe: it is not shown again. Change it from /admin.\n\n`,
    );
  }
}

export function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || getEnv().SITE_URL.startsWith("https:");
}

function sessionCookie(request: Request, value: string, maxAge?: number): string {
  const parts = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  // A browser-session cookie: the server enforces the 12-hour idle limit itself.
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  if (isSecure(request)) parts.push("Secure");
  return parts.join("; ");
}

export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id || id.length > 200) return null;
  const db = getDb();
  const sessionHash = hashId(id);
  const rows = await db
    .select({
      adminId: schema.adminUsers.id,
      email: schema.adminUsers.email,
      lastSeenAt: schema.adminSessions.lastSeenAt,
    })
    .from(schema.adminSessions)
    .innerJoin(schema.adminUsers, eq(schema.adminUsers.id, schema.adminSessions.adminUserId))
    .where(and(eq(schema.adminSessions.idHash, sessionHash), gt(schema.adminSessions.expiresAt, sql`now()`)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(schema.adminSessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + SESSION_IDLE_MS) })
      .where(eq(schema.adminSessions.idHash, sessionHash));
  }
  return { admin: { id: row.adminId, email: row.email }, sessionHash };
}

/** The admin with this e-mail and password, or null (hashing even when unknown, so timing tells nothing). */
export async function checkPassword(email: string, password: string): Promise<Admin | null> {
  const [user] = await getDb()
    .select()
    .from(schema.adminUsers)
    .where(eq(sql`lower(${schema.adminUsers.email})`, email.trim().toLowerCase()))
    .limit(1);
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, await dummyHash()), false);
  if (!user || !ok) return null;
  return { id: user.id, email: user.email };
}

/** Opens a new session for `admin` (a fresh id: the request's old one, if any, is dropped); gives its Set-Cookie. */
export async function openSession(request: Request, _clientIp: string, admin: Admin): Promise<string> {
  const db = getDb();
  const previous = readCookie(request, SESSION_COOKIE);
  if (previous) await db.delete(schema.adminSessions).where(eq(schema.adminSessions.idHash, hashId(previous)));
  await db.delete(schema.adminSessions).where(lt(schema.adminSessions.expiresAt, sql`now()`));
  const id = randomBytes(32).toString("base64url");
  await db.insert(schema.adminSessions).values({
    idHash: hashId(id),
    adminUserId: admin.id,
    expiresAt: new Date(Date.now() + SESSION_IDLE_MS),
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
  });
  await db.update(schema.adminUsers).set({ lastLoginAt: sql`now()` }).where(eq(schema.adminUsers.id, admin.id));
  return sessionCookie(request, id);
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(12).toString("hex")));

export async function signOut(request: Request): Promise<string> {
  const id = readCookie(request, SESSION_COOKIE);
  if (id) await getDb().delete(schema.adminSessions).where(eq(schema.adminSessions.idHash, hashId(id)));
  return sessionCookie(request, "", 0);
}

export async function changePassword(adminId: number, currentPassword: string, newPassword: string, keepSessionHash: string) {
  const db = getDb();
  const [user] = await db.select().from(schema.adminUsers).where(eq(schema.adminUsers.id, adminId)).limit(1);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) return false;
  await db
    .update(schema.adminUsers)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` })
    .where(eq(schema.adminUsers.id, adminId));
  // Other sessions of this admin end: a changed password should lock out whoever else had it.
  await db
    .delete(schema.adminSessions)
    .where(and(eq(schema.adminSessions.adminUserId, adminId), sql`${schema.adminSessions.idHash} <> ${keepSessionHash}`));
  logger.info({ adminId }, "admin password changed");
  return true;
}

function wantsJson(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.startsWith("/api/") || (request.headers.get("accept") ?? "").includes("application/json");
}

function fromAnotherSite(request: Request): boolean {
  return isCrossSite(
    { secFetchSite: request.headers.get("sec-fetch-site"), origin: request.headers.get("origin") },
    [new URL(request.url).origin, new URL(getEnv().SITE_URL).origin],
  );
}

/**
 * The one guard for every admin page and API. Without a valid session a JSON call answers
 * 401 and a page visit is sent to /admin (which then returns to where it came from).
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  // Express refuses cross-site writes; admin JSON reads (the inbox, its CSV) are refused the same way,
  // so no other site can make a signed-in browser fetch them.
  if (wantsJson(request) && fromAnotherSite(request)) {
    throw json({ success: false, message: "Cross-site requests are not allowed" }, { status: 403 });
  }
  const session = await getAdminSession(request);
  if (session) return session;
  if (wantsJson(request)) {
    throw json(
      { success: false, message: "Your admin session has expired or you are not signed in. Please sign in again." },
      { status: 401 },
    );
  }
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(back === "/admin" ? "/admin" : `/admin?redirectTo=${encodeURIComponent(back)}`);
}
