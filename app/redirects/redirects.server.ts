import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/audit.server";
import { rowsTable } from "~/core/batched-rows.server";
import { BatchedWriter } from "~/core/batched-writer.server";
import { contentChangeCount } from "~/core/content-changes.server";
import { getDb, schema, type DbExecutor } from "~/core/db.server";
import { loadedByVersion } from "~/core/loaded-by-version";
import { logger } from "~/core/logger.server";
import { sharedVersion } from "~/core/shared-version.server";
import type { z } from "~/core/zod";
import { csvLines, ghostLines, rulesToCsv, type ImportLine } from "./import-formats";
import { asUri, planAdd, RuleSet, type RedirectAnswer, type Rule, type RuleInput } from "./rules";
import { redirectInputSchema } from "./schema";

/**
 * The redirect rules of the site (decision record 0037). Stored in the database; every instance keeps
 * them in memory as a RuleSet per version of 'redirects' (a trigger counts every rule made, changed or
 * removed, on any instance or in SQL), checked at most every 250 ms: a request is matched without a
 * query, and a rule saved on another instance answers there within 250 ms. Hits are counted in memory
 * and written in batches (app/core/batched-writer.server.ts).
 */

export type RedirectRow = RuleInput & { id: number; automatic: boolean; hits: number; lastHitAt: string | null; createdAt: string };

/** More rules than any site needs: an import past it is refused line by line. */
export const MAX_RULES = 10_000;

const t = schema.redirects;
const rulesVersion = sharedVersion(() => contentChangeCount("redirects"));
const ruleSets = loadedByVersion(async () => new RuleSet(await loadRules(getDb())));

/**
 * The stored rules, each target as a URI: a row saved before targets were (an IRI, a control character
 * typed into an older version) is encoded here, or left out and said in the log when it is no address,
 * so no stored rule can make an answer Node refuses to send (decision record 0046).
 */
async function loadRules(db: DbExecutor): Promise<Rule[]> {
  const rows = (await db.select({ id: t.id, from: t.fromPath, to: t.toTarget, status: t.status }).from(t).orderBy(asc(t.id))) as Rule[];
  const rules: Rule[] = [];
  for (const row of rows) {
    const to = row.status === 410 ? row.to : asUri(row.to);
    if (to === null) logger.warn({ id: row.id, from: row.from }, "a redirect rule's target is not an address: the rule is skipped until it is saved again");
    else rules.push(to === row.to ? row : { ...row, to });
  }
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
    // One statement for the batch (app/core/batched-rows.server.ts), not one UPDATE per rule hit.
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
async function lockRules(db: DbExecutor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('redirects'))`);
}

/** Stores the plan's rule and re-points the others, in the transaction. */
async function applyPlan(db: DbExecutor, rule: RuleInput, repoint: ReadonlyArray<{ id: number; to: string }>, automatic: boolean): Promise<number> {
  const [made] = await db.insert(t).values({ fromPath: rule.from, toTarget: rule.to, status: rule.status, automatic }).returning({ id: t.id });
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
    await recordAudit(actor, "redirect.create", { targetType: "redirect", targetId: made, summary: `${plan.rule.from} -> ${plan.rule.to || "410 Gone"} (${plan.rule.status})` }, tx);
    return made;
  });
  redirectsChanged();
  return (await listRedirects()).find((row) => row.id === id)!;
}

export async function deleteRedirect(actor: AuditActor, id: number): Promise<boolean> {
  const gone = await getDb().transaction(async (tx) => {
    const [deleted] = await tx.delete(t).where(eq(t.id, id)).returning({ from: t.fromPath });
    if (deleted) await recordAudit(actor, "redirect.delete", { targetType: "redirect", targetId: id, summary: `Removed the redirect of ${deleted.from}` }, tx);
    return Boolean(deleted);
  });
  redirectsChanged();
  return gone;
}

export async function exportRedirectsCsv(): Promise<string> {
  return rulesToCsv(await listRedirects());
}

export type ImportReport = { imported: number; skipped: number; problems: string[] };

/** An import's step: lines checked and written for about this long, then the event loop turns (pages answer). */
const IMPORT_STEP_MS = 20;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The rules' change count (one per committed transaction that changed them, migration 0027), read in `db`. */
async function rulesChangeCount(db: DbExecutor): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(changes), 0)::int as n from content_changes where name = 'redirects'`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

/**
 * Imports a file's rules: each line checked by the shared schema and against the rules so far (the
 * file's earlier lines included); a line that fails is skipped with its reason. Written in steps of
 * IMPORT_STEP_MS, each its own transaction under the rules' lock, the event loop turning between them:
 * 10,000 lines never hold the thread (or the embedded database) that answers pages. The rules stay in
 * memory from step to step unless someone else changed them meanwhile (their change count says so).
 */
export async function importRedirects(actor: AuditActor, format: "csv" | "ghost", content: string): Promise<ImportReport> {
  const lines: ImportLine[] = format === "csv" ? csvLines(content) : ghostLines(content);
  const label = format === "csv" ? "Line" : "Entry";
  const problems: string[] = [];
  let imported = 0;
  let next = 0;
  let rules: Rule[] = [];
  let expectedCount: number | undefined;
  for (let finished = false; !finished; ) {
    finished = await getDb().transaction(async (tx) => {
      await lockRules(tx);
      const count = await rulesChangeCount(tx);
      if (count !== expectedCount) rules = await loadRules(tx);
      const started = performance.now();
      let wrote = false;
      while (next < lines.length && performance.now() - started < IMPORT_STEP_MS) {
        const problem = await importLine(tx, rules, lines[next++]!, label);
        if (problem) {
          problems.push(problem);
        } else {
          imported++;
          wrote = true;
        }
      }
      expectedCount = wrote ? count + 1 : count;
      if (next < lines.length) return false;
      await recordAudit(actor, "redirect.import", { targetType: "redirect", summary: `Imported ${imported} redirect${imported === 1 ? "" : "s"} (${format}), skipped ${problems.length}` }, tx);
      return true;
    });
    if (!finished) await nextTurn();
  }
  redirectsChanged();
  return { imported, skipped: problems.length, problems };
}

/** One line of an import, written in `db` and added to `rules`; its problem, or null when it was imported. */
async function importLine(db: DbExecutor, rules: Rule[], line: ImportLine, label: string): Promise<string | null> {
  if ("problem" in line) return line.problem;
  const parsed = redirectInputSchema.safeParse(line.fields);
  if (!parsed.success) return `${label} ${line.line}: ${firstMessage(parsed.error)}`;
  if (rules.length >= MAX_RULES) return `${label} ${line.line}: there are ${MAX_RULES} rules already`;
  const plan = planAdd(rules, parsed.data);
  if (!plan.ok) return `${label} ${line.line}: ${plan.message}`;
  const id = await applyPlan(db, plan.rule, plan.repoint, false);
  for (const change of plan.repoint) rules.find((rule) => rule.id === change.id)!.to = change.to;
  rules.push({ ...plan.rule, id });
  return null;
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid rule";
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
  const found = await db.select({ from: t.fromPath }).from(t).where(and(inArray(t.fromPath, candidates), eq(t.automatic, true)));
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
  const rules = await loadRules(db);
  for (const rule of [
    { from: oldPath, to: newPath, status: 301 as const },
    { from: `${oldPath}/*`, to: `${newPath}/*`, status: 301 as const },
  ]) {
    const plan = planAdd(rules, rule, { replace: true });
    if (!plan.ok) continue;
    await db.delete(t).where(eq(t.fromPath, plan.rule.from));
    const id = await applyPlan(db, plan.rule, plan.repoint, true);
    for (const change of plan.repoint) rules.find((r) => r.id === change.id)!.to = change.to;
    const kept = rules.filter((r) => r.from !== plan.rule.from);
    rules.splice(0, rules.length, ...kept, { ...plan.rule, id });
  }
}
