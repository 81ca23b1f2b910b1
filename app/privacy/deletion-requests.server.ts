import { desc, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { deletionDueDate, type DeletionRequestRecord, type DeletionState } from "./deletion-request-state";

const t = schema.dataDeletionRequests;

/** How many deletion requests the admin list shows: the newest, which holds every open one in practice. */
const LIST_LIMIT = 500;

/**
 * Every deletion request for the admin, open ones (verified, oldest due first) ahead of the rest. A completed
 * request shows no name, e-mail or phone: they were erased.
 */
export async function listDeletionRequests(): Promise<DeletionRequestRecord[]> {
  const rows = await getDb()
    .select()
    .from(t)
    .orderBy(sql`case when ${t.status} = 'verified' then 0 else 1 end`, sql`${t.verifiedAt} asc nulls last`, desc(t.createdAt), desc(t.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    state: row.status as DeletionState,
    firstName: row.firstName,
    email: row.email,
    phone: row.phone,
    requestedAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    dueAt: row.verifiedAt ? deletionDueDate(row.verifiedAt).toISOString() : null,
    completedAt: row.completedAt?.toISOString() ?? null,
    expiredAt: row.expiredAt?.toISOString() ?? null,
  }));
}
