import { eq, sql } from "drizzle-orm";
import { schema, type DbExecutor } from "~/core/database/db.server";
import type { PostVersionState } from "./autosave";

/**
 * A post's version, checked under the row's lock: a save that names the version its editor opened is
 * refused when the post has moved on since (decision record 0042). Checked inside the save's transaction,
 * so of two saves over the same version exactly one lands.
 */
export class VersionConflict extends Error {
  constructor(readonly current: PostVersionState) {
    super("version conflict");
  }
}

const p = schema.blogPosts;

/** Locks the post's row for this transaction; null when there is no such post. */
export async function lockPost(tx: DbExecutor, id: number, expectedVersion?: number) {
  const [row] = await tx
    .select({
      id: p.id,
      title: p.title,
      excerpt: p.excerpt,
      version: p.version,
      updatedAt: p.updatedAt,
      live: sql<boolean>`(${p.published} and ${p.createdAt} <= now())`,
      updatedById: p.updatedBy,
      updatedByName: schema.adminUsers.name,
    })
    .from(p)
    .leftJoin(schema.adminUsers, eq(schema.adminUsers.id, p.updatedBy))
    .where(eq(p.id, id))
    .for("update", { of: p });
  if (!row) return null;
  if (expectedVersion !== undefined && row.version !== expectedVersion) {
    throw new VersionConflict({
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedById === null ? null : { id: row.updatedById, name: row.updatedByName ?? "" },
    });
  }
  return row;
}
