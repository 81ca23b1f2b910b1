import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { insertRows, rowsTable } from "~/core/limits/batched-rows.server";
import { getDb, schema, type DbExecutor, rowsOf } from "~/core/database/db.server";
import type { z } from "~/core/text/zod";
import { eachCsvLine, eachGhostLine, type ImportLine } from "./import-formats";
import { RulePlanner } from "./plan";
import { loadRules, lockRules, MAX_RULES, redirectsChanged } from "./redirects.server";
import type { RuleInput } from "./rules";
import { redirectInputSchema } from "./schema";
import { nextTurn } from "~/core/limits/next-turn";

/** Importing a file of rules (POST /api/admin/redirects/import): a CSV of `from,to,status` or Ghost's redirects.json. */

const t = schema.redirects;

export type ImportReport = { imported: number; skipped: number; problems: string[] };

/**
 * An import's step: lines read, checked and planned for about this long (or this many), then written in
 * one insert and one update, then the event loop turns (pages answer).
 */
const IMPORT_STEP_MS = 20;
const IMPORT_STEP_LINES = 250;

/** The rules' change count (one per committed transaction that changed them, migration 0027), read in `db`. */
async function rulesChangeCount(db: DbExecutor): Promise<number> {
  const result = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(max(changes), 0)::int as n from content_changes where name = 'redirects'`,
  );
  return Number(result[0]!.n);
}

/** A step's writes: the rules it made (by the planner's temporary id) and the stored rules it re-pointed. */
type StepWrites = { made: Map<number, RuleInput>; repointed: Map<number, string> };
/** A step planned: the lines it took (to plan again if the rules changed meanwhile), what to write, what was said. */
type Step = { lines: ImportLine[]; writes: StepWrites; problems: string[]; done: boolean };

/**
 * Imports a file's rules: each line checked by the shared schema and against the rules so far (the
 * file's earlier lines included); a line that fails is skipped with its reason. The file is read and
 * planned line by line (app/redirects/plan.ts: a line costs its own chain, not a pass over every rule)
 * in steps of IMPORT_STEP_MS, outside any transaction; each step is then written in one transaction
 * under the rules' lock, one statement per kind of write, and the event loop turns: 10,000 lines never
 * hold the thread (or the embedded database's one connection) that answers pages. The planner stays in
 * memory from step to step; when someone else changed the rules meanwhile (their change count says so),
 * the step is planned again, in the transaction, from the rules as they are.
 */
export async function importRedirects(actor: AuditActor, format: "csv" | "ghost", content: string): Promise<ImportReport> {
  const lines: Iterator<ImportLine> = format === "csv" ? eachCsvLine(content) : eachGhostLine(content);
  const label = format === "csv" ? "Line" : "Entry";
  const problems: string[] = [];
  let imported = 0;
  // The count is read before the rules: a change between the two makes the first step plan again.
  let plannedAt = await rulesChangeCount(getDb());
  let planner = new RulePlanner(await loadRules(getDb()));
  /** Rules made in a step are known by a negative id until their insert gives them theirs. */
  const ids = { next: 0 };
  for (let finished = false; !finished;) {
    let step = planStep(planner, () => lines.next(), label, ids, IMPORT_STEP_MS);
    await getDb().transaction(async (tx) => {
      await lockRules(tx);
      const count = await rulesChangeCount(tx);
      if (count !== plannedAt) {
        planner = new RulePlanner(await loadRules(tx));
        const again = step.lines[Symbol.iterator]();
        step = { ...planStep(planner, () => again.next(), label, ids, Infinity), done: step.done };
      }
      await writeStep(tx, planner, step.writes);
      plannedAt = step.writes.made.size > 0 ? count + 1 : count;
      if (!step.done) return;
      const total = imported + step.writes.made.size;
      const skipped = problems.length + step.problems.length;
      await recordAudit(
        actor,
        "redirect.import",
        { targetType: "redirect", summary: `Imported ${total} redirect${total === 1 ? "" : "s"} (${format}), skipped ${skipped}` },
        tx,
      );
    });
    imported += step.writes.made.size;
    problems.push(...step.problems);
    finished = step.done;
    if (!finished) await nextTurn();
  }
  redirectsChanged();
  return { imported, skipped: problems.length, problems };
}

/** Lines taken from `next` and planned for up to `budgetMs` (or IMPORT_STEP_LINES of them). */
function planStep(
  planner: RulePlanner,
  next: () => IteratorResult<ImportLine>,
  label: string,
  ids: { next: number },
  budgetMs: number,
): Step {
  const step: Step = { lines: [], writes: { made: new Map(), repointed: new Map() }, problems: [], done: false };
  const started = performance.now();
  while (step.lines.length < IMPORT_STEP_LINES && performance.now() - started < budgetMs) {
    const line = next();
    if (line.done) {
      step.done = true;
      break;
    }
    step.lines.push(line.value);
    const problem = planLine(planner, line.value, label, --ids.next, step.writes);
    if (problem) step.problems.push(problem);
  }
  return step;
}

/** One line of an import, planned as rule `id` and kept in `writes`; its problem, or null when it was imported. */
function planLine(planner: RulePlanner, line: ImportLine, label: string, id: number, writes: StepWrites): string | null {
  if ("problem" in line) return line.problem;
  const parsed = redirectInputSchema.safeParse(line.fields);
  if (!parsed.success) return `${label} ${line.line}: ${firstMessage(parsed.error)}`;
  if (planner.size >= MAX_RULES) return `${label} ${line.line}: there are ${MAX_RULES} rules already`;
  const plan = planner.plan(parsed.data);
  if (!plan.ok) return `${label} ${line.line}: ${plan.message}`;
  planner.commit(plan, id);
  writes.made.set(id, { ...plan.rule });
  for (const change of plan.repoint) {
    const made = writes.made.get(change.id);
    if (made) made.to = change.to;
    else writes.repointed.set(change.id, change.to);
  }
  return null;
}

/** A step's rules in one insert (the planner learns their ids), its re-pointed rules in one update. */
async function writeStep(db: DbExecutor, planner: RulePlanner, { made, repointed }: StepWrites): Promise<void> {
  if (made.size > 0) {
    const rows = [...made.values()].map((rule) => ({ fromPath: rule.from, toTarget: rule.to, status: rule.status, automatic: false }));
    const result = await rowsOf<{ id: number; from: string }>(db, insertRows(t, rows, sql`returning id, from_path as "from"`));
    const ids = new Map(result.map((row) => [row.from, Number(row.id)]));
    for (const [temporary, rule] of made) planner.renumber(temporary, ids.get(rule.from)!);
  }
  if (repointed.size > 0) {
    const changes = [...repointed].map(([id, to]) => ({ id, to }));
    await db.execute(sql`update ${t} set to_target = r.to from ${rowsTable(changes, { id: "integer", to: "text" })} where ${t.id} = r.id`);
  }
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid rule";
}
