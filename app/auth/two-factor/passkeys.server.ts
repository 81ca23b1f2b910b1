import type { StaffMember } from "../session.server";
import { isStaffRole } from "../roles";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { dbNow } from "~/core/database/db-clock.server";

/**
 * Passkeys (WebAuthn). The relying party is the site itself: its id is SITE_URL's host name and the
 * only origin accepted is SITE_URL's. Challenges are kept on the server for 5 minutes and used once.
 */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
// The WebAuthn library and its CBOR and crypto dependencies hold ~3 MB of heap and ~7 MB resident:
// loaded by the first passkey step, not by every server at start.
const webauthn = () => import("@simplewebauthn/server");
const relyingParty = () => {
  const site = new URL(getEnv().SITE_URL);
  return { rpID: site.hostname, origin: site.origin, rpName: "Clink Admin" };
};

export type Passkey = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null };

export async function listPasskeys(adminId: number): Promise<Passkey[]> {
  return getDb()
    .select({
      id: schema.staffPasskeys.id,
      name: schema.staffPasskeys.name,
      createdAt: schema.staffPasskeys.createdAt,
      lastUsedAt: schema.staffPasskeys.lastUsedAt,
    })
    .from(schema.staffPasskeys)
    .where(eq(schema.staffPasskeys.adminUserId, adminId))
    .orderBy(asc(schema.staffPasskeys.id));
}

export async function passkeyCount(adminId: number): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(schema.staffPasskeys).where(eq(schema.staffPasskeys.adminUserId, adminId));
  return row?.n ?? 0;
}

/** Removes one of the member's passkeys; false when it is not theirs (or gone). */
export async function removePasskey(adminId: number, passkeyId: number): Promise<boolean> {
  const removed = await getDb()
    .delete(schema.staffPasskeys)
    .where(and(eq(schema.staffPasskeys.id, passkeyId), eq(schema.staffPasskeys.adminUserId, adminId)))
    .returning({ id: schema.staffPasskeys.id });
  return removed.length === 1;
}

async function storeChallenge(challenge: string, purpose: "register" | "authenticate", adminId: number | null) {
  const db = getDb();
  await db.delete(schema.webauthnChallenges).where(sql`${schema.webauthnChallenges.expiresAt} < now()`);
  await db
    .insert(schema.webauthnChallenges)
    .values({ challenge, purpose, adminUserId: adminId, expiresAt: new Date(dbNow().getTime() + CHALLENGE_TTL_MS) });
}

/** Takes a stored challenge out (once): true when it existed for this purpose (and member) and had not expired. */
async function takeChallenge(challenge: string, purpose: "register" | "authenticate", adminId: number | null): Promise<boolean> {
  const taken = await getDb()
    .delete(schema.webauthnChallenges)
    .where(
      and(
        eq(schema.webauthnChallenges.challenge, challenge),
        eq(schema.webauthnChallenges.purpose, purpose),
        adminId === null ? sql`${schema.webauthnChallenges.adminUserId} is null` : eq(schema.webauthnChallenges.adminUserId, adminId),
        gt(schema.webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: schema.webauthnChallenges.challenge });
  return taken.length === 1;
}

export async function registrationOptions(admin: { id: number; email: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID, rpName } = relyingParty();
  const existing = await getDb()
    .select({ id: schema.staffPasskeys.credentialId, transports: schema.staffPasskeys.transports })
    .from(schema.staffPasskeys)
    .where(eq(schema.staffPasskeys.adminUserId, admin.id));
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName,
    rpID,
    userName: admin.email,
    userID: new TextEncoder().encode(`staff:${admin.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports ? c.transports.split(",") : undefined })),
    // A discoverable credential, verified by the device: it can sign in without a password.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(options.challenge, "register", admin.id);
  return options;
}

/** Verifies a registration and stores the passkey; null when it does not verify (or its challenge was used or expired). */
export async function registerPasskey(adminId: number, response: RegistrationResponseJSON, name: string): Promise<Passkey | null> {
  const { rpID, origin } = relyingParty();
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(challenge, "register", adminId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    logger.info({ err: error instanceof Error ? error.message : String(error) }, "passkey registration refused");
    return null;
  }
  if (!verification.verified) return null;
  const { credential } = verification.registrationInfo;
  const [row] = await getDb()
    .insert(schema.staffPasskeys)
    .values({
      adminUserId: adminId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(","),
      name,
    })
    .onConflictDoNothing()
    .returning({
      id: schema.staffPasskeys.id,
      name: schema.staffPasskeys.name,
      createdAt: schema.staffPasskeys.createdAt,
      lastUsedAt: schema.staffPasskeys.lastUsedAt,
    });
  return row ?? null;
}

/**
 * Options for signing in with a passkey. Without `adminId` any discoverable passkey may answer (a
 * passwordless sign-in); with it, only that member's (their second factor).
 */
export async function authenticationOptions(adminId?: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty();
  const allow = adminId
    ? await getDb()
        .select({ id: schema.staffPasskeys.credentialId, transports: schema.staffPasskeys.transports })
        .from(schema.staffPasskeys)
        .where(eq(schema.staffPasskeys.adminUserId, adminId))
    : [];
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports ? c.transports.split(",") : undefined })),
  });
  await storeChallenge(options.challenge, "authenticate", null);
  return options;
}

/** The member a passkey assertion proves, or null when it does not verify. */
export async function verifyPasskey(response: AuthenticationResponseJSON): Promise<StaffMember | null> {
  if (typeof response?.id !== "string" || response.id.length > 1024) return null;
  const db = getDb();
  const [row] = await db
    .select({
      passkey: schema.staffPasskeys,
      email: schema.adminUsers.email,
      name: schema.adminUsers.name,
      role: schema.adminUsers.role,
      status: schema.adminUsers.status,
    })
    .from(schema.staffPasskeys)
    .innerJoin(schema.adminUsers, eq(schema.adminUsers.id, schema.staffPasskeys.adminUserId))
    .where(eq(schema.staffPasskeys.credentialId, response.id))
    .limit(1);
  // A suspended member's passkey opens nothing.
  if (!row || row.status !== "active" || !isStaffRole(row.role)) return null;
  const { rpID, origin } = relyingParty();
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(challenge, "authenticate", null),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: row.passkey.credentialId,
        publicKey: new Uint8Array(row.passkey.publicKey),
        counter: row.passkey.counter,
        transports: row.passkey.transports ? (row.passkey.transports.split(",") as never) : undefined,
      },
    });
  } catch (error) {
    logger.info({ err: error instanceof Error ? error.message : String(error) }, "passkey sign-in refused");
    return null;
  }
  if (!verification.verified) return null;
  await db
    .update(schema.staffPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(schema.staffPasskeys.id, row.passkey.id));
  return { id: row.passkey.adminUserId, email: row.email ?? "", name: row.name, role: row.role };
}
