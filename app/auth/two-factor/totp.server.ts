import { and, eq, isNotNull, isNull, or, lt, sql } from "drizzle-orm";
import { Secret } from "otpauth";
import QRCode from "qrcode";
import { getDb, schema } from "~/core/database/db.server";
import { normalizeTotpCode } from "./codes";
import { issueRecoveryCodes } from "./recovery-codes.server";
import { matchedTotpStep, totpFor } from "./totp-step";

export type TotpSetup = { secret: string; otpauthUrl: string; qrSvg: string };

export async function hasTotp(adminId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: schema.staffTotp.adminUserId })
    .from(schema.staffTotp)
    .where(and(eq(schema.staffTotp.adminUserId, adminId), isNotNull(schema.staffTotp.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Starts (or restarts) setting up TOTP: a new secret, not yet a factor. Refused (null) when TOTP is
 * already on: turning it off comes first, so a stolen session cannot quietly swap the secret.
 */
export async function startTotpSetup(admin: { id: number; email: string }): Promise<TotpSetup | null> {
  if (await hasTotp(admin.id)) return null;
  const secret = new Secret({ size: 20 }).base32;
  await getDb()
    .insert(schema.staffTotp)
    .values({ adminUserId: admin.id, secret })
    .onConflictDoUpdate({
      target: schema.staffTotp.adminUserId,
      set: { secret, confirmedAt: null, lastUsedStep: null, createdAt: sql`now()` },
    });
  const otpauthUrl = totpFor(secret, admin.email).toString();
  // Rendered here, as markup: the secret never goes to a QR service.
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * Accepts a code for the member's secret (confirmed, or in setup when `pending` is true), at most
 * once per time step: a code seen once is refused afterwards, even within its 30 s.
 */
async function acceptCode(adminId: number, input: string, state: "confirmed" | "pending"): Promise<boolean> {
  const token = normalizeTotpCode(input);
  if (!token) return false;
  const db = getDb();
  const [row] = await db.select().from(schema.staffTotp).where(eq(schema.staffTotp.adminUserId, adminId)).limit(1);
  if (!row || (state === "confirmed") !== (row.confirmedAt !== null)) return false;
  const step = matchedTotpStep(row.secret, token, Date.now());
  if (step === null) return false;
  // Claimed atomically: of two requests with the same code, one wins.
  const claimed = await db
    .update(schema.staffTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(schema.staffTotp.adminUserId, adminId),
        eq(schema.staffTotp.secret, row.secret),
        or(isNull(schema.staffTotp.lastUsedStep), lt(schema.staffTotp.lastUsedStep, step)),
      ),
    )
    .returning({ id: schema.staffTotp.adminUserId });
  return claimed.length === 1;
}

export const verifyTotpCode = (adminId: number, code: string) => acceptCode(adminId, code, "confirmed");

/** Turns TOTP on when `code` matches the secret being set up; gives the ten new recovery codes (null: wrong code). */
export async function confirmTotp(adminId: number, code: string): Promise<string[] | null> {
  if (!(await acceptCode(adminId, code, "pending"))) return null;
  return getDb().transaction(async (tx) => {
    await tx
      .update(schema.staffTotp)
      .set({ confirmedAt: sql`now()` })
      .where(eq(schema.staffTotp.adminUserId, adminId));
    return issueRecoveryCodes(tx, adminId);
  });
}

/** Turns TOTP off, with its recovery codes. */
export async function removeTotp(adminId: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.delete(schema.staffTotp).where(eq(schema.staffTotp.adminUserId, adminId));
    await tx.delete(schema.staffRecoveryCodes).where(eq(schema.staffRecoveryCodes.adminUserId, adminId));
  });
}
