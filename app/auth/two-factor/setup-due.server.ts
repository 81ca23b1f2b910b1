import { eq, sql, type AnyColumn } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { startPendingSignIn } from "./pending-sign-in.server";

export const SETUP_REQUIRED = "Two-factor sign-in is required for all staff. Set it up to continue.";

/**
 * True for a member who has no second factor (no confirmed TOTP, no passkey) while the owner requires
 * one: read with the session itself, so a session opened before the policy is caught at its next request.
 */
export const secondFactorMissing = (memberId: AnyColumn) => sql<boolean>`(
  coalesce((select ${schema.twoFactorPolicy.requiredForAllStaff} from ${schema.twoFactorPolicy} limit 1), false)
  and not exists (select 1 from ${schema.staffTotp} where ${schema.staffTotp.adminUserId} = ${memberId} and ${schema.staffTotp.confirmedAt} is not null)
  and not exists (select 1 from ${schema.staffPasskeys} where ${schema.staffPasskeys.adminUserId} = ${memberId})
)`;

/**
 * A session that lacks the required second factor becomes what a sign-in under the policy gets: the
 * session ends and a pending sign-in at the "setup" stage takes its place (it reaches only the TOTP
 * setup, whose confirmation opens a new session). Gives the pending sign-in's Set-Cookie.
 */
export async function sessionToSetup(request: Request, sessionHash: string, memberId: number): Promise<string> {
  await getDb().delete(schema.adminSessions).where(eq(schema.adminSessions.idHash, sessionHash));
  return startPendingSignIn(request, memberId, "setup");
}
