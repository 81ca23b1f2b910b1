import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { json } from "~/core/http/api.server";
import { readCookie } from "~/core/http/cookies";
import { allowedOrigins, isCrossSite } from "~/core/http/cross-site";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { FLASH_COOKIE } from "./flash.server";
import { hashPassword, verifyPassword } from "./password.server";
import { hasRole, isStaffRole, type StaffMember, type StaffRole } from "./roles";
import { setCookie } from "~/core/http/cookies.server";
import { safeReturnAddress } from "./return-address";
import { networkKey, parseIp } from "~/core/network/ip-addresses";
import { dbNow } from "~/core/database/db-clock.server";
import { secondStepAddress } from "./two-factor/addresses";
import { secondFactorMissing, sessionToSetup, SETUP_REQUIRED } from "./two-factor/setup-due.server";
import { hashSecret, newSecretToken } from "~/core/secrets/secret-token.server";

const SESSION_COOKIE = "clink_session";
/**
 * Cookies that make an answer this visitor's own: a request carrying one is never answered from,
 * nor stored in, the shared page cache (server/front-cache.ts), and its answer is never shared.
 */
export const PERSONAL_COOKIES: readonly string[] = [SESSION_COOKIE, FLASH_COOKIE];
/** Sessions end after 12 hours without a request. */
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
// Refresh last-seen at most once a minute, so reads don't become a write per request.
const TOUCH_AFTER_MS = 60 * 1000;

export type { StaffMember } from "./roles";
/** Kept for the routes written before roles: the same staff member. */
export type Admin = StaffMember;
export type StaffSession = { staff: StaffMember; sessionHash: string };
/** What requireAdmin answers: `admin` is the same member as `staff` (older routes destructure it). */
export type AdminSession = StaffSession & { admin: StaffMember };

const hashSessionId = (id: string) => hashSecret(id);

// A browser-session cookie: the server enforces the 12-hour idle limit itself.
const sessionCookie = (request: Request, value: string, maxAge?: number) => setCookie(request, SESSION_COOKIE, value, { maxAge });

/**
 * The session this request carries, if it is valid and its member is active. Sessions and the member's
 * status are read from the database on every request, so a suspension or a reset ends them at once on
 * every instance.
 */
export async function getStaffSession(request: Request): Promise<StaffSession | null> {
  const read = await readStaffSession(request);
  return read && !read.setupDue ? read.session : null;
}

/**
 * Like getStaffSession, but a session whose member must still set up the second factor the owner
 * requires is turned into that setup (SETUP_REQUIRED: 401 for the API, the second step for a page).
 */
export async function staffSessionOrSetup(request: Request): Promise<StaffSession | null> {
  const read = await readStaffSession(request);
  if (!read) return null;
  if (read.setupDue) throw await setupRequired(request, read.session);
  return read.session;
}

async function setupRequired(request: Request, session: StaffSession): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await sessionToSetup(request, session.sessionHash, session.staff.id));
  headers.append("Set-Cookie", sessionCookie(request, "", 0));
  if (wantsJson(request)) {
    return json(
      { success: false, message: SETUP_REQUIRED, secondFactorRequired: true, stage: "setup", methods: [] },
      { status: 401, headers },
    );
  }
  const url = new URL(request.url);
  headers.set("Location", secondStepAddress(safeReturnAddress(url.pathname + url.search)));
  return new Response(null, { status: 302, headers });
}

async function readStaffSession(request: Request): Promise<{ session: StaffSession; setupDue: boolean } | null> {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id || id.length > 200) return null;
  const db = getDb();
  const sessionHash = hashSessionId(id);
  const [row] = await db
    .select({
      id: schema.adminUsers.id,
      email: schema.adminUsers.email,
      name: schema.adminUsers.name,
      role: schema.adminUsers.role,
      lastSeenAt: schema.adminSessions.lastSeenAt,
      setupDue: secondFactorMissing(schema.adminUsers.id),
    })
    .from(schema.adminSessions)
    .innerJoin(schema.adminUsers, eq(schema.adminUsers.id, schema.adminSessions.adminUserId))
    .where(
      and(
        eq(schema.adminSessions.idHash, sessionHash),
        gt(schema.adminSessions.expiresAt, sql`now()`),
        eq(schema.adminUsers.status, "active"),
      ),
    )
    .limit(1);
  if (!row || !isStaffRole(row.role)) return null;
  if (dbNow().getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(schema.adminSessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: new Date(dbNow().getTime() + SESSION_IDLE_MS) })
      .where(eq(schema.adminSessions.idHash, sessionHash));
  }
  return {
    session: { staff: { id: row.id, email: row.email ?? "", name: row.name, role: row.role }, sessionHash },
    setupDue: Boolean(row.setupDue),
  };
}

/** The older name of getStaffSession, answering in requireAdmin's shape. */
export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  const session = await getStaffSession(request);
  return session ? { ...session, admin: session.staff } : null;
}

/** The active staff member with this e-mail and password, or null (hashing even when unknown, so timing tells nothing). */
export async function checkPassword(email: string, password: string): Promise<StaffMember | null> {
  const [user] = await getDb()
    .select()
    .from(schema.adminUsers)
    .where(eq(sql`lower(${schema.adminUsers.email})`, email.trim().toLowerCase()))
    .limit(1);
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, await dummyHash()), false);
  if (!user || !ok || user.status !== "active" || !isStaffRole(user.role)) return null;
  return { id: user.id, email: user.email ?? "", name: user.name, role: user.role };
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(newSecretToken(12, "hex")));

/** Opens a new session for `staff` (a fresh id: the request's old one, if any, is dropped); gives its Set-Cookie. */
export async function openSession(request: Request, clientIp: string, staff: StaffMember): Promise<string> {
  const db = getDb();
  const previous = readCookie(request, SESSION_COOKIE);
  if (previous) await db.delete(schema.adminSessions).where(eq(schema.adminSessions.idHash, hashSessionId(previous)));
  await db.delete(schema.adminSessions).where(lt(schema.adminSessions.expiresAt, sql`now()`));
  const id = newSecretToken();
  await db.insert(schema.adminSessions).values({
    idHash: hashSessionId(id),
    adminUserId: staff.id,
    expiresAt: new Date(dbNow().getTime() + SESSION_IDLE_MS),
    userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    // Only the network is kept (an IPv4 /24, an IPv6 /48): what the member is shown of each session.
    network: parseIp(clientIp) ? networkKey(clientIp) : null,
  });
  await db
    .update(schema.adminUsers)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(schema.adminUsers.id, staff.id));
  return sessionCookie(request, id);
}

export async function signOut(request: Request): Promise<string> {
  const id = readCookie(request, SESSION_COOKIE);
  if (id)
    await getDb()
      .delete(schema.adminSessions)
      .where(eq(schema.adminSessions.idHash, hashSessionId(id)));
  return sessionCookie(request, "", 0);
}

/** Ends every session of a member except `keepSessionHash` (none kept when it is null). */
export async function endSessions(db: DbExecutor, staffId: number, keepSessionHash: string | null): Promise<void> {
  await db
    .delete(schema.adminSessions)
    .where(
      keepSessionHash
        ? and(eq(schema.adminSessions.adminUserId, staffId), ne(schema.adminSessions.idHash, keepSessionHash))
        : eq(schema.adminSessions.adminUserId, staffId),
    );
}

function wantsJson(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.startsWith("/api/") || (request.headers.get("accept") ?? "").includes("application/json");
}

function fromAnotherSite(request: Request): boolean {
  return isCrossSite(
    { secFetchSite: request.headers.get("sec-fetch-site"), origin: request.headers.get("origin") },
    allowedOrigins(getEnv().SITE_URL, new URL(request.url).origin),
  );
}

export const NOT_ALLOWED = "Your role does not allow this.";

/**
 * The one guard for every admin page and API: a signed-in, active staff member whose role includes
 * `role`. Without a valid session a JSON call answers 401 and a page visit is sent to /admin (which
 * then returns to where it came from); with one whose role is too low, 403.
 */
export async function requireStaff(request: Request, role: StaffRole): Promise<StaffSession> {
  // Express refuses cross-site writes; admin JSON reads (the inbox, its CSV) are refused the same way,
  // so no other site can make a signed-in browser fetch them.
  if (wantsJson(request) && fromAnotherSite(request)) {
    throw json({ success: false, message: "Cross-site requests are not allowed" }, { status: 403 });
  }
  const session = await staffSessionOrSetup(request);
  if (!session) {
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
  if (!hasRole(session.staff.role, role)) throw forbidden(request);
  return session;
}

/** A 403 in the shape the request expects (JSON for the API, a page's error boundary otherwise). */
function forbidden(request: Request, message = NOT_ALLOWED): Response {
  if (wantsJson(request)) return json({ success: false, message }, { status: 403 });
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The guard of the routes written before staff roles: administrators and the owner only. New routes
 * name the role they need with requireStaff.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const session = await requireStaff(request, "administrator");
  return { ...session, admin: session.staff };
}
