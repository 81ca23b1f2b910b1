import { sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";

/** Whether the owner requires every staff member to have a second factor. */
export async function isTwoFactorRequired(): Promise<boolean> {
  const [row] = await getDb().select({ required: schema.twoFactorPolicy.requiredForAllStaff }).from(schema.twoFactorPolicy).limit(1);
  return row?.required ?? false;
}

export async function setTwoFactorRequired(required: boolean): Promise<void> {
  await getDb()
    .insert(schema.twoFactorPolicy)
    .values({ id: 1, requiredForAllStaff: required })
    .onConflictDoUpdate({ target: schema.twoFactorPolicy.id, set: { requiredForAllStaff: required, updatedAt: sql`now()` } });
}
