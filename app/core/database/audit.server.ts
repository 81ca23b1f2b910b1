import { desc, eq } from "drizzle-orm";
import { getDb, schema, type DbExecutor } from "./db.server";
import { faultPoint } from "../instance/faults.server";

/** Who did it: the signed-in admin (core knows no feature, so only the fields the trail keeps). */
export type AuditActor = { id: number; email: string };

/** Writes one line of the admin's audit trail; given a transaction, the line lands with the change or not at all. */
export async function recordAudit(
  admin: AuditActor,
  action: string,
  options: { targetType?: string; targetId?: string | number; summary?: string; details?: unknown } = {},
  db: DbExecutor = getDb(),
): Promise<void> {
  faultPoint("audit");
  await db.insert(schema.auditLog).values({
    adminUserId: admin.id,
    actorEmail: admin.email,
    action,
    targetType: options.targetType ?? null,
    targetId: options.targetId === undefined ? null : String(options.targetId),
    summary: options.summary ?? null,
    details: options.details ?? null,
  });
}

export async function recentActivity(limit = 10) {
  return getDb()
    .select({
      id: schema.auditLog.id,
      // Who did it: the staff member's id and current name (the e-mail kept on the line if they are gone).
      actorId: schema.auditLog.adminUserId,
      actorName: schema.adminUsers.name,
      actorEmail: schema.auditLog.actorEmail,
      action: schema.auditLog.action,
      targetType: schema.auditLog.targetType,
      targetId: schema.auditLog.targetId,
      summary: schema.auditLog.summary,
      createdAt: schema.auditLog.createdAt,
    })
    .from(schema.auditLog)
    .leftJoin(schema.adminUsers, eq(schema.adminUsers.id, schema.auditLog.adminUserId))
    .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
    .limit(limit);
}
