import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, schema, type Database } from "~/core/database/db.server";
import { formatRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeFrom } from "./codes";
import { hashSecret } from "~/core/secrets/secret-token.server";

// Recovery codes carry 49 bits of randomness each and every guess is rate limited, so a plain
// SHA-256 (no slow hash) keeps them safe at rest.
const hashCode = (adminId: number, code: string) => hashSecret(`${adminId}:${code}`);

/** Replaces a member's recovery codes with ten new ones; gives them, formatted, to show once. */
export async function issueRecoveryCodes(db: Pick<Database, "delete" | "insert">, adminId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const bytes = randomBytes(32);
    let i = 0;
    codes.add(recoveryCodeFrom(() => (i < bytes.length ? bytes[i++]! : randomBytes(1)[0]!)));
  }
  await db.delete(schema.staffRecoveryCodes).where(eq(schema.staffRecoveryCodes.adminUserId, adminId));
  await db
    .insert(schema.staffRecoveryCodes)
    .values([...codes].map((code) => ({ adminUserId: adminId, codeHash: hashCode(adminId, code) })));
  return [...codes].map(formatRecoveryCode);
}

/** Uses one recovery code: true once per code (an atomic update, so two requests cannot both spend it). */
export async function spendRecoveryCode(adminId: number, input: string): Promise<boolean> {
  const code = normalizeRecoveryCode(input);
  if (!code) return false;
  const used = await getDb()
    .update(schema.staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(schema.staffRecoveryCodes.adminUserId, adminId),
        eq(schema.staffRecoveryCodes.codeHash, hashCode(adminId, code)),
        isNull(schema.staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: schema.staffRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(adminId: number): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.staffRecoveryCodes)
    .where(and(eq(schema.staffRecoveryCodes.adminUserId, adminId), isNull(schema.staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
