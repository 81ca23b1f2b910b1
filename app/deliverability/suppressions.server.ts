import { desc, eq, inArray } from "drizzle-orm";
import type { StaffMember } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { emailHash } from "~/privacy/email-hash.server";
import type { SuppressionItem, SuppressionReason, SuppressionSource } from "./suppressions";

/**
 * The suppression list (issue 51, decision record 0069): no list mail goes to an address on it. Entries are
 * found by the keyed hash of the address, so an erased address (its text blanked) is still never mailed.
 * A bounce or complaint also tells the listeners (the lists, wired in app/startup.server.ts) in the same
 * transaction, so the address leaves every list with it.
 */
const t = schema.mailSuppressions;
const LIST_LIMIT = 5000;

export type SuppressedEvent = { email: string; reason: SuppressionReason; source: SuppressionSource };
type Listener = (tx: DbExecutor, event: SuppressedEvent) => Promise<void>;
const listeners = new Map<string, Listener>();

/** A feature that must act when an address is suppressed for a bounce or complaint (the lists: leave them all). */
export function onAddressSuppressed(name: string, listener: Listener): void {
  listeners.set(name, listener);
}

/**
 * Reads (or makes) the hash key: call it before a transaction that checks addresses, since the key's first
 * read uses a connection of its own (the embedded database has one, held by the transaction).
 */
export async function loadSuppressionKey(): Promise<void> {
  await emailHash("");
}

const normal = (email: string) => email.trim().toLowerCase();

/** Of `emails`, those on the list (lower-cased): one query for a batch of list mail. */
export async function suppressedAmong(db: DbExecutor, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const byHash = new Map<string, string>();
  for (const email of emails) byHash.set(await emailHash(email), normal(email));
  const rows = await db
    .select({ emailHash: t.emailHash })
    .from(t)
    .where(inArray(t.emailHash, [...byHash.keys()]));
  return new Set(rows.map((row) => byHash.get(row.emailHash)!));
}

export async function isSuppressed(email: string, db: DbExecutor = getDb()): Promise<boolean> {
  return (await suppressedAmong(db, [email])).size > 0;
}

/** The same check for a hash the caller already has (the sign-up counts by it). */
export async function isSuppressedHash(hash: string): Promise<boolean> {
  const rows = await getDb().select({ id: t.id }).from(t).where(eq(t.emailHash, hash)).limit(1);
  return rows.length > 0;
}

/**
 * Puts the address on the list, inside `tx`; true when it was not there yet. A bounce or complaint tells the
 * listeners every time (a complaint after a bounce is still an unsubscribe said as such).
 */
export async function suppress(tx: DbExecutor, event: SuppressedEvent): Promise<boolean> {
  const added = await tx
    .insert(t)
    .values({ emailHash: await emailHash(event.email), email: normal(event.email), reason: event.reason, source: event.source })
    .onConflictDoNothing()
    .returning({ id: t.id });
  if (event.reason !== "manual") for (const listener of listeners.values()) await listener(tx, event);
  return added.length > 0;
}

const item = (row: typeof t.$inferSelect): SuppressionItem => ({
  id: row.id,
  email: row.email,
  reason: row.reason as SuppressionReason,
  at: row.createdAt.toISOString(),
});

/** The list for the admin, newest first. */
export async function listSuppressions(): Promise<SuppressionItem[]> {
  const rows = await getDb().select().from(t).orderBy(desc(t.createdAt), desc(t.id)).limit(LIST_LIMIT);
  return rows.map(item);
}

/** An administrator adds an address by hand (audited by id); an address already there is answered as it is. */
export async function addSuppression(staff: StaffMember, email: string): Promise<{ created: boolean; item: SuppressionItem }> {
  const hash = await emailHash(email);
  return getDb().transaction(async (tx) => {
    const created = await suppress(tx, { email, reason: "manual", source: "admin" });
    const [row] = await tx.select().from(t).where(eq(t.emailHash, hash));
    if (created)
      await recordAudit(
        staff,
        "mail.suppression-add",
        { targetType: "mail_suppression", targetId: row!.id, summary: `Added suppression #${row!.id} (manual)` },
        tx,
      );
    return { created, item: item(row!) };
  });
}

/** Takes an entry off the list (audited by id, never the address): list mail may go to it again. */
export async function removeSuppression(staff: StaffMember, id: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.delete(t).where(eq(t.id, id)).returning({ id: t.id, reason: t.reason });
    if (!row) return false;
    await recordAudit(
      staff,
      "mail.suppression-remove",
      { targetType: "mail_suppression", targetId: id, summary: `Removed suppression #${id} (${row.reason})` },
      tx,
    );
    return true;
  });
}
