import { desc, eq } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { contentChangeCount } from "~/core/caches/content-changes.server";
import { loadedByVersion } from "~/core/caches/loaded-by-version";
import { sharedVersion } from "~/core/caches/shared-version.server";
import { logger } from "~/core/logs/logger.server";
import { hashSecret, newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * Integrations and their Ghost Content API keys (decision record 0034). A key is 26 hex characters, as
 * Ghost's (its SDK refuses any other); only its SHA-256 is stored and the key is shown once, at creation
 * or regeneration. Requests check a key against an in-process set of the valid hashes, kept per version
 * of 'integrations' (a trigger counts every key made, changed or revoked), so a revoked key stops at
 * once here and within a version check (250 ms) on every other instance sharing the database.
 */

export type IntegrationRow = { id: number; name: string; keyHint: string; createdAt: string; lastUsedAt: string | null };
export type IntegrationWithKey = { id: number; name: string; contentApiKey: string };

/** How often, at most, a key's last use is written (per key and instance): no write per request. */
const LAST_USE_WRITE_MS = 60_000;

// Hex, as the hashes stored since the first integration were written.
const hashKey = (key: string) => hashSecret(key, "hex");
const newKey = () => newSecretToken(13, "hex");

const keysVersion = sharedVersion(() => contentChangeCount("integrations"));
const validKeys = loadedByVersion(async () => {
  const rows = await getDb().select({ id: schema.integrations.id, keyHash: schema.integrations.keyHash }).from(schema.integrations);
  return new Map(rows.map((row) => [row.keyHash, row.id]));
});
const lastUseWritten = new Map<number, number>();

/** The integration a Content API key belongs to, or null (wrong, revoked or malformed key). */
export async function integrationForKey(key: string | null): Promise<number | null> {
  if (!key || !/^[0-9a-f]{26}$/.test(key)) return null;
  const id = (await validKeys.get(await keysVersion.current())).get(hashKey(key)) ?? null;
  if (id !== null) noteUse(id);
  return id;
}

function noteUse(id: number): void {
  const now = Date.now();
  if (now - (lastUseWritten.get(id) ?? 0) < LAST_USE_WRITE_MS) return;
  lastUseWritten.set(id, now);
  getDb()
    .update(schema.integrations)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(schema.integrations.id, id))
    .catch((error: unknown) => logger.warn({ err: error, integration: id }, "could not record an integration's last use"));
}

export async function listIntegrations(): Promise<IntegrationRow[]> {
  const i = schema.integrations;
  const rows = await getDb()
    .select({ id: i.id, name: i.name, keyHint: i.keyHint, createdAt: i.createdAt, lastUsedAt: i.lastUsedAt })
    .from(i)
    .orderBy(desc(i.createdAt), desc(i.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null }));
}

export async function createIntegration(actor: AuditActor, name: string): Promise<IntegrationWithKey> {
  const key = newKey();
  const row = await getDb().transaction(async (tx) => {
    const [made] = await tx
      .insert(schema.integrations)
      .values({ name, keyHash: hashKey(key), keyHint: key.slice(-4), createdBy: actor.id })
      .returning({ id: schema.integrations.id, name: schema.integrations.name });
    await recordAudit(
      actor,
      "integration.create",
      { targetType: "integration", targetId: made!.id, summary: `Added integration "${name}"` },
      tx,
    );
    return made!;
  });
  keysVersion.changed();
  return { ...row, contentApiKey: key };
}

/** A new key for the integration (the old one stops at once), or null when there is no such integration. */
export async function regenerateKey(actor: AuditActor, id: number): Promise<IntegrationWithKey | null> {
  const key = newKey();
  const row = await getDb().transaction(async (tx) => {
    const [changed] = await tx
      .update(schema.integrations)
      .set({ keyHash: hashKey(key), keyHint: key.slice(-4), lastUsedAt: null })
      .where(eq(schema.integrations.id, id))
      .returning({ id: schema.integrations.id, name: schema.integrations.name });
    if (changed)
      await recordAudit(
        actor,
        "integration.regenerate",
        { targetType: "integration", targetId: id, summary: `Made a new key for integration "${changed.name}"` },
        tx,
      );
    return changed;
  });
  keysVersion.changed();
  return row ? { ...row, contentApiKey: key } : null;
}

/** Revokes the integration and its key; false when there was none. */
export async function deleteIntegration(actor: AuditActor, id: number): Promise<boolean> {
  const gone = await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(schema.integrations)
      .where(eq(schema.integrations.id, id))
      .returning({ name: schema.integrations.name });
    if (deleted)
      await recordAudit(
        actor,
        "integration.delete",
        { targetType: "integration", targetId: id, summary: `Revoked integration "${deleted.name}"` },
        tx,
      );
    return Boolean(deleted);
  });
  keysVersion.changed();
  lastUseWritten.delete(id);
  return gone;
}
