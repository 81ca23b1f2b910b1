import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { dbNow } from "~/core/database/db-clock.server";
import { hashSecret, isSecretToken, newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * One-time links for staff: an invitation (7 days), a password reset (1 hour), the first owner's setup
 * (24 hours). The token (32 random bytes) travels in the link's fragment (`#token=`), which browsers never
 * send to a server, so it reaches no request log; the page posts it back. Only its SHA-256 is stored, and
 * using it marks it used in the same statement, so it works once even under parallel requests.
 */
export type LinkPurpose = "invitation" | "password-reset" | "owner-setup";

const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  invitation: 7 * 24 * 60 * 60 * 1000,
  "password-reset": 60 * 60 * 1000,
  "owner-setup": 24 * 60 * 60 * 1000,
};

const PAGE: Record<LinkPurpose, string> = {
  invitation: "/admin/accept-invitation",
  "password-reset": "/admin/reset-password",
  "owner-setup": "/admin/setup",
};

export type LinkRecord = typeof schema.staffTokens.$inferSelect;

/** Stores a new link in `db` (the caller's transaction) and gives its address. */
export async function createLink(
  db: DbExecutor,
  purpose: LinkPurpose,
  fields: { email: string; role?: string; staffId?: number; createdBy?: number },
): Promise<{ id: number; url: string; token: string }> {
  const token = newSecretToken();
  await db.delete(schema.staffTokens).where(lt(schema.staffTokens.expiresAt, sql`now()`));
  // A new reset link voids the member's older ones: only the newest e-mail can change the password.
  if (purpose === "password-reset" && fields.staffId !== undefined) {
    await db
      .update(schema.staffTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(schema.staffTokens.purpose, purpose), eq(schema.staffTokens.staffId, fields.staffId), isNull(schema.staffTokens.usedAt)),
      );
  }
  const [row] = await db
    .insert(schema.staffTokens)
    .values({
      tokenHash: hashSecret(token),
      purpose,
      email: fields.email,
      role: fields.role ?? null,
      staffId: fields.staffId ?? null,
      createdBy: fields.createdBy ?? null,
      expiresAt: new Date(dbNow().getTime() + LINK_LIFETIME_MS[purpose]),
    })
    .returning({ id: schema.staffTokens.id });
  return { id: row!.id, url: `${getEnv().SITE_URL.replace(/\/$/, "")}${PAGE[purpose]}#token=${token}`, token };
}

function valid(token: string, purpose: LinkPurpose) {
  return and(
    eq(schema.staffTokens.tokenHash, hashSecret(token)),
    eq(schema.staffTokens.purpose, purpose),
    isNull(schema.staffTokens.usedAt),
    gt(schema.staffTokens.expiresAt, sql`now()`),
  );
}

/** Uses the link (once: a second or parallel use gets null). Call inside the transaction that acts on it. */
export async function useLink(db: DbExecutor, token: string, purpose: LinkPurpose): Promise<LinkRecord | null> {
  if (!isSecretToken(token)) return null;
  const [row] = await db
    .update(schema.staffTokens)
    .set({ usedAt: sql`now()` })
    .where(valid(token, purpose))
    .returning();
  return row ?? null;
}
