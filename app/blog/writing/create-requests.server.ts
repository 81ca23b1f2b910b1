import { digestOf } from "~/core/secrets/digest.server";
import { and, eq, lt, sql } from "drizzle-orm";
import { schema, type DbExecutor } from "~/core/database/db.server";

/**
 * Idempotent creates: POST /api/blog with an Idempotency-Key (the editor sends one per opening of its page) is done
 * once. The key is claimed in the create's own transaction, so a create that fails leaves it free for
 * the retry, and two requests with one key at once queue on its row: the second sees the first's post.
 */
const KEEP_HOURS = 24;

/** The key was used before with another body (422), or the post it made was deleted since (409). */
export class CreateKeyReused extends Error {
  constructor(
    message: string,
    readonly status: 409 | 422,
  ) {
    super(message);
  }
}

export const createRequestHash = (input: unknown) => digestOf(JSON.stringify(input), "hex");

/**
 * Claims `key` for this create. Answers the id of the post an earlier request with the same key and
 * body made (then nothing more is to be written), or null when this request is the first.
 */
export async function claimCreateKey(db: DbExecutor, adminUserId: number, key: string, requestHash: string): Promise<number | null> {
  const t = schema.blogCreateRequests;
  await db.delete(t).where(and(eq(t.adminUserId, adminUserId), lt(t.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`)));
  const claimed = await db.insert(t).values({ adminUserId, key, requestHash }).onConflictDoNothing().returning({ key: t.key });
  if (claimed.length > 0) return null;
  const [earlier] = await db
    .select()
    .from(t)
    .where(and(eq(t.adminUserId, adminUserId), eq(t.key, key)));
  if (!earlier || earlier.requestHash !== requestHash) {
    throw new CreateKeyReused("This Idempotency-Key was already used for a different post", 422);
  }
  if (earlier.postId === null) throw new CreateKeyReused("The post this Idempotency-Key created has since been deleted", 409);
  return earlier.postId;
}

/** Records which post the claimed key made. */
export async function settleCreateKey(db: DbExecutor, adminUserId: number, key: string, postId: number): Promise<void> {
  const t = schema.blogCreateRequests;
  await db
    .update(t)
    .set({ postId })
    .where(and(eq(t.adminUserId, adminUserId), eq(t.key, key)));
}
