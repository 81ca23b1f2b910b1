import { isAbsolute, isPrefix, MAX_HOPS, normalPath, pathOnly, RuleSet, targetOf, type Rule, type RuleInput } from "./rules";

/**
 * What a new rule does to the others, pure (decision record 0037): a loop is refused, a chain is
 * collapsed. One rule by hand (`planAdd`), or the lines of an import one after the other (`RulePlanner`):
 * each line costs the look-ups of its own chain and the rules it re-points, never a pass over every rule,
 * so 10,000 lines cost about 10,000 times one (issue 39).
 */

/** The address a rule's `from` is tried with: itself, or an address under its prefix. */
const probeOf = (from: string) => (isPrefix(from) ? `${from.slice(0, -1)}x` : from);

/** Two rules with the same key are for the same address (`/a` and `/a/`). */
const keyOf = (from: string) => (isPrefix(from) ? from : normalPath(from));

/** A rule whose target a chain is collapsed into: a path that is neither a 410 nor ends in `*`. */
const collapsible = (rule: RuleInput) => !(rule.status === 410 || isAbsolute(rule.to) || rule.to.endsWith("*"));

/**
 * The loop a set of rules makes from `start`, as the rules' addresses a visitor would pass
 * (`["/a", "/b", "/a"]`), or null. Going on past MAX_HOPS (a prefix that sends into itself,
 * `/a/* -> /a/b/*`) counts as a loop.
 */
export function loopFrom(rules: RuleSet, start: string): string[] | null {
  const seen = new Map<string, number>();
  const names: string[] = [];
  let path = start;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const rule = rules.match(path);
    if (!rule) return null;
    const name = isPrefix(rule.from) ? rule.from : normalPath(path);
    if (seen.has(normalPath(path))) return [...names, name];
    seen.set(normalPath(path), hop);
    names.push(name);
    if (rule.status === 410) return null;
    const target = targetOf(rule, path);
    if (target === null || isAbsolute(target)) return null;
    path = pathOnly(target);
  }
  return names;
}

/** A rule's target with any chain of exact redirects after it followed to its end (a 410 ends none). */
export function collapsed(rules: RuleSet, rule: RuleInput): string {
  if (!collapsible(rule)) return rule.to;
  let to = rule.to;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = rules.match(pathOnly(to));
    if (!next || next.status === 410) return to;
    const target = targetOf(next, pathOnly(to));
    if (target === null || target === to) return to;
    to = target;
    if (isAbsolute(to)) return to;
  }
  return to;
}

export type Plan = { ok: true; rule: RuleInput; repoint: Array<{ id: number; to: string }> } | { ok: false; message: string };

/**
 * What saving `input` among `rules` does: refused when it makes a loop (the message names it) or its
 * `from` has a rule already; else the rule as stored (its target collapsed: a target another rule
 * redirects is replaced by where that chain ends) and the rules to re-point (those whose target the
 * new rule now redirects). Targets ending in `*` are not collapsed: such chains are followed when
 * answered (RuleSet.answer), still in one redirect.
 */
export function planAdd(rules: readonly Rule[], input: RuleInput, options: { replace?: boolean } = {}): Plan {
  return new RulePlanner(rules).plan(input, options);
}

type Entry = { rule: Rule; order: number };

/**
 * The rules as a plan sees them, kept up to date as plans are stored (`commit`), for an import's lines.
 * Every stored rule's target is collapsed already (each save collapses it and re-points the others), so
 * the only rules a new one can re-point are those whose target it now answers: found by their target's
 * path (exact) or a range of the sorted paths (a prefix). A rule whose chain was left uncollapsed (cut at
 * MAX_HOPS, or written by other means) is kept aside and tried with every plan, as a pass over all would.
 */
export class RulePlanner {
  private readonly rules: RuleSet;
  private readonly byKey = new Map<string, Entry>();
  private readonly byId = new Map<number, Entry>();
  /** Collapsible rules by their target's path, and those paths sorted (a prefix's are one range). */
  private readonly byTarget = new Map<string, Set<Entry>>();
  private readonly targets: string[];
  private readonly uncollapsed = new Set<Entry>();
  private order = 0;

  constructor(rules: readonly Rule[]) {
    this.rules = new RuleSet([]);
    for (const rule of rules) this.add({ ...rule }, false);
    this.targets = [...this.byTarget.keys()].sort();
    for (const entry of this.byKey.values()) this.check(entry);
  }

  /** The admin's rules (not the built-in ones). */
  get size(): number {
    return this.byKey.size;
  }

  /** What saving `input` would do (planAdd's contract); nothing changes until `commit`. */
  plan(input: RuleInput, options: { replace?: boolean } = {}): Plan {
    const key = keyOf(input.from);
    const existing = this.byKey.get(key);
    if (existing && !options.replace) return { ok: false, message: `${input.from} already has a rule` };
    if (existing) this.rules.delete(existing.rule.from);
    try {
      this.rules.set({ ...input, id: -1 });
      const loop = loopFrom(this.rules, probeOf(input.from));
      if (loop) return { ok: false, message: `This rule would make a loop: ${loop.join(" -> ")}` };
      this.rules.delete(input.from);
      const rule = { ...input, to: collapsed(this.rules, input) };
      this.rules.set({ ...rule, id: -1 });
      const repoint: Array<{ id: number; to: string }> = [];
      for (const entry of this.mayRepoint(input.from)) {
        if (keyOf(entry.rule.from) === key) continue;
        const to = collapsed(this.rules, entry.rule);
        if (to !== entry.rule.to) repoint.push({ id: entry.rule.id, to });
      }
      return { ok: true, rule, repoint };
    } finally {
      this.rules.delete(input.from);
      if (existing) this.rules.set(existing.rule);
    }
  }

  /** Stores a plan made by `plan` (and nothing since) as rule `id`: the rule in, the others re-pointed. */
  commit(plan: Extract<Plan, { ok: true }>, id: number): void {
    const existing = this.byKey.get(keyOf(plan.rule.from));
    if (existing) this.remove(existing);
    const changed: Entry[] = [];
    for (const { id: other, to } of plan.repoint) {
      const entry = this.byId.get(other)!;
      this.unindex(entry);
      entry.rule.to = to;
      this.index(entry, true);
      changed.push(entry);
    }
    const made = this.add({ ...plan.rule, id }, true);
    for (const entry of [made, ...changed, ...this.uncollapsed]) this.check(entry);
  }

  /** A rule's id changed (a row written in a batch gets its id from the database). */
  renumber(from: number, to: number): void {
    const entry = this.byId.get(from);
    if (!entry) return;
    this.byId.delete(from);
    entry.rule.id = to;
    this.byId.set(to, entry);
  }

  /** The rules whose target `from` may now answer, and those not collapsed, in the order they came. */
  private mayRepoint(from: string): Entry[] {
    const found = new Set<Entry>(this.uncollapsed);
    const take = (path: string) => this.byTarget.get(path)?.forEach((entry) => found.add(entry));
    if (isPrefix(from)) {
      const prefix = from.slice(0, -1);
      for (let i = lowerBound(this.targets, prefix); i < this.targets.length && this.targets[i]!.startsWith(prefix); i++)
        take(this.targets[i]!);
    } else {
      const path = normalPath(from);
      take(path);
      take(`${path}/`);
    }
    return [...found].sort((a, b) => a.order - b.order);
  }

  private add(rule: Rule, sorted: boolean): Entry {
    const entry = { rule, order: this.order++ };
    this.byKey.set(keyOf(rule.from), entry);
    this.byId.set(rule.id, entry);
    this.rules.set(rule);
    this.index(entry, sorted);
    return entry;
  }

  private remove(entry: Entry): void {
    this.byKey.delete(keyOf(entry.rule.from));
    this.byId.delete(entry.rule.id);
    this.rules.delete(entry.rule.from);
    this.unindex(entry);
    this.uncollapsed.delete(entry);
  }

  private index(entry: Entry, sorted: boolean): void {
    if (!collapsible(entry.rule)) return;
    const path = pathOnly(entry.rule.to);
    let entries = this.byTarget.get(path);
    if (!entries) {
      this.byTarget.set(path, (entries = new Set()));
      if (sorted) this.targets.splice(lowerBound(this.targets, path), 0, path);
    }
    entries.add(entry);
  }

  private unindex(entry: Entry): void {
    if (!collapsible(entry.rule)) return;
    const path = pathOnly(entry.rule.to);
    const entries = this.byTarget.get(path);
    if (!entries?.delete(entry) || entries.size > 0) return;
    this.byTarget.delete(path);
    this.targets.splice(lowerBound(this.targets, path), 1);
  }

  /** Keeps aside a rule whose chain goes on past its target (tried with every plan until it stops). */
  private check(entry: Entry): void {
    if (this.byId.get(entry.rule.id) === entry && collapsible(entry.rule) && collapsed(this.rules, entry.rule) !== entry.rule.to)
      this.uncollapsed.add(entry);
    else this.uncollapsed.delete(entry);
  }
}

/** The first index of `sorted` whose value is not below `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
