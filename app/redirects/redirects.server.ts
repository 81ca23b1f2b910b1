import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { rowsTable } from "~/core/limits/batched-rows.server";
import { BatchedWriter } from "~/core/limits/batched-writer.server";
import { queueCachePurge } from "~/core/caches/cache-purge.server";
import { redirectTags } from "~/core/caches/cache-tags";
import { contentChangeCount } from "~/core/caches/content-changes.server";
import { getDb, rowsOf, schema, type DbExecutor } from "~/core/database/db.server";
import { loadedByVersion } from "~/core/caches/loaded-by-version";
import { logger } from "~/core/logs/logger.server";
import { sharedVersion } from "~/core/caches/shared-version.server";
import { rulesToCsv } from "./import-formats";
import { planAdd, RulePlanner } from "./plan";
import { asUri, RuleSet, type RedirectAnswer, type Rule, type RuleInput } from "./rules";

/**
 * The redirect rules of the site (decision record 0037). Stored in the database; every instance keeps
 * them in memory as a RuleSet per version of 'redirects' (a trigger counts every rule made, changed or
 * removed, on any instance or in SQL), checked at most every 250 ms: a request is matched without a
 * query, and a rule saved on another instance answers there within 250 ms. Hits are counted in memory
 * and written in batches (app/core/limits/batched-writer.server.ts).
 */

export type RedirectRow = RuleInput & { id: number; automatic: boolean; hits: number; lastHitAt: string | null; createdAt: string };

/** More rules than any site needs: an import past it is refused line by line. */
export const MAX_RULES = 10_000;

const t = schema.redirects;
const rulesVersion = sharedVersion(() => contentChangeCount("redirects"));
const ruleSets = loadedByVersion(async () => new RuleSet(await loadRules(getDb())));

/** Targets as URIs, as the last read found them: a read again converts only the targets it has not seen. */
let knownUris = new Map<string, string | null>();

/**
 * The stored rules, each target as a URI: a row saved before targets were (an IRI, a control character
 * typed into an older version) is encoded here, or left out and said in the log when it is no address,
 * so no stored rule can make an answer Node refuses to send (decision record 0046). Read as one JSON
 * text: 10,000 rows one by one cost PGlite (on the thread that answers pages) several times as much,
 * and every instance reads them again after each change (each step of an import).
 */
export async function loadRules(db: DbExecutor): Promise<Rule[]> {
  const [read] = await rowsOf<{ rules: string }>(
    db,
    sql`select coalesce(json_agg(json_build_array(${t.id}, ${t.fromPath}, ${t.toTarget}, ${t.status}) order by ${t.id}), '[]')::text as rules from ${t}`,
  );
  const rows = JSON.parse(read!.rules) as Array<[number, string, string, Rule["status"]]>;
  const uris = new Map<string, string | null>();
  const rules: Rule[] = [];
  for (const [id, from, stored, status] of rows) {
    let to: string | null = stored;
    if (status !== 410) {
      to = uris.get(stored) ?? knownUris.get(stored) ?? asUri(stored);
      uris.set(stored, to);
    }
    if (to === null) logger.warn({ id, from }, "a redirect rule's target is not an address: the rule is skipped until it is saved again");
    else rules.push({ id, from, to, status });
  }
  knownUris = uris;
  return rules;
}

/** After a write to the rules (this instance's own): read them again at once. */
export function redirectsChanged(): void {
  rulesVersion.changed();
}

/** The current rules as a matcher (also for the sitemaps: no redirected address stays in them). */
export async function currentRules(): Promise<RuleSet> {
  return ruleSets.get(await rulesVersion.current());
}

/** The rules' version, for caches of what they change (the sitemaps). */
export const redirectsVersion = (): Promise<string> => rulesVersion.current();

type Hit = { id: number; hits: number; at: Date };
const hitWriter = new BatchedWriter<Hit>({
  name: "redirect hits",
  write: async (batch) => {
    // One statement for the batch (app/core/limits/batched-rows.server.ts), not one UPDATE per rule hit.
    await getDb().execute(
      sql`update ${t} set hits = ${t.hits} + r.hits, last_hit_at = greatest(${t.lastHitAt}, r.at)
          from ${rowsTable(batch, { id: "integer", hits: "integer", at: "timestamptz" })} where ${t.id} = r.id`,
    );
  },
  batchSize: 200,
  flushMs: 1000,
  maxBuffered: 5000,
  fold: { key: (hit) => String(hit.id), merge: (kept, hit) => ((kept.hits += hit.hits), (kept.at = hit.at > kept.at ? hit.at : kept.at)) },
});

/** At shutdown: the hits still in memory are written. */
export const closeRedirects = () => hitWriter.close();

type Answer = { status: number; location: string | null };
function answered(found: RedirectAnswer | undefined): Answer | undefined {
  if (!found) return undefined;
  if (found.rule.id > 0) hitWriter.add({ id: found.rule.id, hits: 1, at: new Date() });
  return { status: found.status, location: found.location };
}

/**
 * The answer for a GET or HEAD of `pathname` (with `search`), before any routing or cache: in the same
 * turn when the rules are known for the current version (nearly always), else once they are.
 */
export function redirectFor(pathname: string, search: string): Answer | undefined | Promise<Answer | undefined> {
  const version = rulesVersion.fresh();
  const rules = version === undefined ? undefined : ruleSets.peek(version);
  if (rules) return answered(rules.answer(pathname, search));
  return currentRules().then((loaded) => answered(loaded.answer(pathname, search)));
}

export async function listRedirects(): Promise<RedirectRow[]> {
  const rows = await getDb().select().from(t).orderBy(asc(t.fromPath));
  return rows.map((row) => ({
    id: row.id,
    from: row.fromPath,
    to: row.toTarget,
    status: row.status as RuleInput["status"],
    automatic: row.automatic,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export class RedirectRefused extends Error {}

/** Takes a lock on the rules for the transaction: two saves at once cannot make a loop between them. */
export async function lockRules(db: DbExecutor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('redirects'))`);
}

/** Stores the plan's rule and re-points the others, in the transaction. */
async function applyPlan(
  db: DbExecutor,
  rule: RuleInput,
  repoint: ReadonlyArray<{ id: number; to: string }>,
  automatic: boolean,
): Promise<number> {
  const [made] = await db
    .insert(t)
    .values({ fromPath: rule.from, toTarget: rule.to, status: rule.status, automatic })
    .returning({ id: t.id });
  // A moved page's own change (a renamed tag or author) purges what moved; a rule the staff made purges its address.
  if (!automatic) await queueCachePurge(db, redirectTags(rule.from), `redirect ${rule.from}`);
  for (const change of repoint) await db.update(t).set({ toTarget: change.to }).where(eq(t.id, change.id));
  return made!.id;
}

/** Adds a rule (checked by the shared schema already); refused (RedirectRefused) when it makes a loop or its address has a rule. */
export async function addRedirect(actor: AuditActor, input: RuleInput): Promise<RedirectRow> {
  const id = await getDb().transaction(async (tx) => {
    await lockRules(tx);
    const rules = await loadRules(tx);
    if (rules.length >= MAX_RULES) throw new RedirectRefused(`There are ${MAX_RULES} rules already`);
    const plan = planAdd(rules, input);
    if (!plan.ok) throw new RedirectRefused(plan.message);
    const made = await applyPlan(tx, plan.rule, plan.repoint, false);
    await recordAudit(
      actor,
      "redirect.create",
      { targetType: "redirect", targetId: made, summary: `${plan.rule.from} -> ${plan.rule.to || "410 Gone"} (${plan.rule.status})` },
      tx,
    );
    return made;
  });
  redirectsChanged();
  return (await listRedirects()).find((row) => row.id === id)!;
}

export async function deleteRedirect(actor: AuditActor, id: number): Promise<boolean> {
  const gone = await getDb().transaction(async (tx) => {
    const [deleted] = await tx.delete(t).where(eq(t.id, id)).returning({ from: t.fromPath });
    if (deleted) await queueCachePurge(tx, redirectTags(deleted.from), `redirect ${deleted.from} removed`);
    if (deleted)
      await recordAudit(
        actor,
        "redirect.delete",
        { targetType: "redirect", targetId: id, summary: `Removed the redirect of ${deleted.from}` },
        tx,
      );
    return Boolean(deleted);
  });
  redirectsChanged();
  return gone;
}

export async function exportRedirectsCsv(): Promise<string> {
  return rulesToCsv(await listRedirects());
}

/**
 * A page that now exists at `path` (a tag or author taking an address): the automatic rules that
 * redirected it, or the addresses under it, are dropped, as a post's old slug taken again stops
 * redirecting. A rule the staff made stays: it was their choice to send that address elsewhere.
 */
export async function releasePage(db: DbExecutor, path: string): Promise<void> {
  await lockRules(db);
  await db.delete(t).where(and(inArray(t.fromPath, [path, `${path}/*`]), eq(t.automatic, true)));
}

/**
 * The pages a post's save makes live again (its tags' and its author's), when a rename had redirected
 * them: one look-up by the rules' unique addresses, in the save's transaction; nothing written in the
 * usual case. The rules are read again at the next request here, within 250 ms elsewhere.
 */
export async function releaseLivePages(db: DbExecutor, paths: readonly string[]): Promise<void> {
  const candidates = [...new Set(paths.flatMap((path) => [path, `${path}/*`]))];
  const found = await db
    .select({ from: t.fromPath })
    .from(t)
    .where(and(inArray(t.fromPath, candidates), eq(t.automatic, true)));
  if (found.length === 0) return;
  await lockRules(db);
  await db.delete(t).where(and(inArray(t.fromPath, candidates), eq(t.automatic, true)));
  redirectsChanged();
}

/**
 * A page that moved (a renamed tag or author): its old address and everything under it answer 301 to
 * the new one, in the rename's transaction. The new address stops being redirected (as a post's slug
 * taken again), so renaming back and forth never makes a loop; rules that sent visitors to the old
 * address are re-pointed (a chain collapsed). Call redirectsChanged() after the transaction.
 */
export async function redirectMovedPage(db: DbExecutor, oldPath: string, newPath: string): Promise<void> {
  if (oldPath === newPath) return;
  await releasePage(db, newPath);
  const planner = new RulePlanner(await loadRules(db));
  for (const rule of [
    { from: oldPath, to: newPath, status: 301 as const },
    { from: `${oldPath}/*`, to: `${newPath}/*`, status: 301 as const },
  ]) {
    const plan = planner.plan(rule, { replace: true });
    if (!plan.ok) continue;
    await db.delete(t).where(eq(t.fromPath, plan.rule.from));
    planner.commit(plan, await applyPlan(db, plan.rule, plan.repoint, true));
  }
}
