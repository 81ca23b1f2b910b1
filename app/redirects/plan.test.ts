import { describe, expect, it } from "vitest";
// The reference keeps the old whole-set scan for what a rule changes; following one chain (collapsed) is shared.
import { collapsed, loopFrom, planAdd, RulePlanner, type Plan } from "./plan";
import { isAbsolute, isPrefix, normalPath, RuleSet, type Rule, type RuleInput } from "./rules";

const rule = (id: number, from: string, to: string, status: Rule["status"] = 301): Rule => ({ id, from, to, status });

describe("saving a rule", () => {
  it("refuses a loop, naming it", () => {
    expect(planAdd([rule(1, "/a", "/b")], { from: "/b", to: "/a", status: 301 })).toEqual({
      ok: false,
      message: "This rule would make a loop: /b -> /a -> /b",
    });
    expect(planAdd([rule(1, "/a", "/b"), rule(2, "/b", "/c")], { from: "/c", to: "/a", status: 302 })).toEqual({
      ok: false,
      message: "This rule would make a loop: /c -> /a -> /b -> /c",
    });
    expect(planAdd([rule(1, "/a/*", "/b/*")], { from: "/b/*", to: "/a/*", status: 301 })).toEqual({
      ok: false,
      message: "This rule would make a loop: /b/* -> /a/* -> /b/*",
    });
    expect(planAdd([], { from: "/a/*", to: "/a/b/*", status: 301 }).ok).toBe(false);
    expect(planAdd([rule(1, "/a/", "/b")], { from: "/b", to: "/a/", status: 301 }).ok).toBe(false);
    expect(planAdd([], { from: "/blog/rss.xml", to: "/feed", status: 301 })).toMatchObject({
      ok: false,
      message: "This rule would make a loop: /blog/rss.xml -> /feed -> /blog/rss.xml",
    });
  });

  it("refuses a second rule for an address", () => {
    expect(planAdd([rule(1, "/a", "/b")], { from: "/a/", to: "/c", status: 301 })).toEqual({
      ok: false,
      message: "/a/ already has a rule",
    });
  });

  it("collapses a chain: the new rule's target, and the rules that pointed at its address", () => {
    expect(planAdd([rule(1, "/b", "/c")], { from: "/a", to: "/b", status: 301 })).toEqual({
      ok: true,
      rule: { from: "/a", to: "/c", status: 301 },
      repoint: [],
    });
    expect(planAdd([rule(1, "/a", "/b"), rule(2, "/x", "https://e.com/")], { from: "/b", to: "/c", status: 301 })).toEqual({
      ok: true,
      rule: { from: "/b", to: "/c", status: 301 },
      repoint: [{ id: 1, to: "/c" }],
    });
    // A 410 ends no chain: /a keeps sending to /b, which is gone.
    expect(planAdd([rule(1, "/a", "/b")], { from: "/b", to: "", status: 410 })).toEqual({
      ok: true,
      rule: { from: "/b", to: "", status: 410 },
      repoint: [],
    });
    expect(planAdd([rule(1, "/b/*", "/c/*")], { from: "/a", to: "/b/z", status: 301 })).toMatchObject({ rule: { to: "/c/z" } });
  });

  it("finds no loop where a chain ends outside the site or at a 410", () => {
    expect(loopFrom(new RuleSet([rule(1, "/a", "https://x.example/a"), rule(2, "/b", "/a")]), "/b")).toBeNull();
    expect(loopFrom(new RuleSet([rule(1, "/a", "", 410)]), "/a")).toBeNull();
  });
});

/**
 * planAdd as it was before the planner (every rule looked at for every new one): the reference the
 * planner must agree with, plan for plan.
 */
function referencePlan(rules: readonly Rule[], input: RuleInput, options: { replace?: boolean } = {}): Plan {
  const key = (from: string) => (isPrefix(from) ? from : normalPath(from));
  const others = rules.filter((r) => key(r.from) !== key(input.from));
  if (!options.replace && others.length !== rules.length) return { ok: false, message: `${input.from} already has a rule` };
  const before = new RuleSet(others);
  const after = new RuleSet([...others, { ...input, id: -1 }]);
  const loop = loopFrom(after, isPrefix(input.from) ? `${input.from.slice(0, -1)}x` : input.from);
  if (loop) return { ok: false, message: `This rule would make a loop: ${loop.join(" -> ")}` };
  const made = { ...input, to: collapsed(before, input) };
  const withRule = new RuleSet([...others, { ...made, id: -1 }]);
  const repoint: Array<{ id: number; to: string }> = [];
  for (const other of others) {
    if (other.status === 410 || isAbsolute(other.to) || other.to.endsWith("*")) continue;
    const to = collapsed(withRule, other);
    if (to !== other.to) repoint.push({ id: other.id, to });
  }
  return { ok: true, rule: made, repoint };
}

/** The reference's caller: each plan stored as the import stored it (re-pointed, the new rule last). */
function referenceImport(start: readonly Rule[], inputs: ReadonlyArray<{ input: RuleInput; replace?: boolean }>) {
  let rules = start.map((r) => ({ ...r }));
  let id = 1000;
  const plans = inputs.map(({ input, replace }) => {
    const plan = referencePlan(rules, input, { replace });
    if (!plan.ok) return plan;
    for (const change of plan.repoint) rules.find((r) => r.id === change.id)!.to = change.to;
    const key = (from: string) => (isPrefix(from) ? from : normalPath(from));
    rules = [...rules.filter((r) => key(r.from) !== key(input.from)), { ...plan.rule, id: ++id }];
    return plan;
  });
  return { plans, rules };
}

function plannerImport(start: readonly Rule[], inputs: ReadonlyArray<{ input: RuleInput; replace?: boolean }>) {
  const planner = new RulePlanner(start);
  let id = 1000;
  const plans = inputs.map(({ input, replace }) => {
    const plan = planner.plan(input, { replace });
    if (plan.ok) planner.commit(plan, ++id);
    return plan;
  });
  return { plans, planner };
}

describe("an import's lines, planned one after the other", () => {
  it("gives every line the plan a pass over every rule gives (random rules with chains, prefixes, loops, 410s)", () => {
    const paths = ["/a", "/a/", "/b", "/c", "/d", "/a/b", "/a/x", "/b/x", "/b/y", "/c/x", "/rss", "/feed", "/blog/rss.xml", "/e/f/g"];
    const prefixes = ["/a/*", "/b/*", "/c/*", "/a/b/*", "/e/*", "/e/f/*"];
    const targets = [
      ...paths,
      "/b/*",
      "/a/*",
      "/c/*",
      "/x/*",
      "/a/b/*",
      "https://x.example/p",
      "https://x.example/*",
      "/q?x=1",
      "/b/x#top",
    ];
    for (let seed = 1; seed <= 40; seed++) {
      let state = seed;
      const pick = <T>(list: readonly T[]) => list[(state = (state * 48271) % 2147483647) % list.length]!;
      const inputs = Array.from({ length: 60 }, () => {
        const from = pick([...paths, ...prefixes]);
        const status = pick([301, 301, 302, 308, 410] as const);
        const to = status === 410 ? "" : pick(targets.filter((t) => !t.endsWith("*") || isPrefix(from)));
        return { input: { from, to, status }, replace: pick([false, false, false, true]) };
      });
      const reference = referenceImport([], inputs);
      const planned = plannerImport([], inputs);
      planned.plans.forEach((plan, i) =>
        expect(plan, `seed ${seed}, line ${i + 1}: ${JSON.stringify(inputs[i])}`).toEqual(reference.plans[i]),
      );
    }
  });

  it("agrees with it from rules stored with a chain left uncollapsed (written by other means)", () => {
    const stored = [rule(1, "/a", "/b"), rule(2, "/b", "/c"), rule(3, "/x", "/y/z"), rule(4, "/y/*", "/w/*")];
    const inputs = [
      { input: { from: "/q", to: "/r", status: 301 as const } },
      { input: { from: "/c", to: "/d", status: 301 as const } },
      { input: { from: "/s", to: "/a", status: 302 as const } },
    ];
    expect(plannerImport(stored, inputs).plans).toEqual(referenceImport(stored, inputs).plans);
    expect(plannerImport(stored, inputs).plans[0]).toEqual({
      ok: true,
      rule: { from: "/q", to: "/r", status: 301 },
      repoint: [
        { id: 1, to: "/c" },
        { id: 3, to: "/w/z" },
      ],
    });
  });

  it("plans 10,000 lines with the same refusals, collapses and re-pointings a pass over every rule would make", () => {
    const lines: RuleInput[] = [];
    for (let i = 0; i < 10_000; i++) lines.push({ from: `/p/${i}`, to: `/q/${i}`, status: 301 });
    // Chains: the first 100 targets now redirect further (each re-points its /p rule).
    for (let i = 0; i < 100; i++) lines.push({ from: `/q/${i}`, to: `/r/${i}`, status: 301 });
    lines.push(
      { from: "/p/5/", to: "/elsewhere", status: 301 },
      { from: "/r/7", to: "/p/7", status: 301 },
      { from: "/s", to: "/p/9", status: 302 },
    );
    // A prefix over the other 9,900 targets: each of those rules is re-pointed through it.
    lines.push({ from: "/q/*", to: "/t/*", status: 308 });
    const { plans, planner } = plannerImport(
      [],
      lines.map((input) => ({ input })),
    );
    expect(plans.slice(0, 10_000).every((plan) => plan.ok && plan.repoint.length === 0)).toBe(true);
    expect(plans[10_000 + 42]).toEqual({
      ok: true,
      rule: { from: "/q/42", to: "/r/42", status: 301 },
      repoint: [{ id: 1043, to: "/r/42" }],
    });
    expect(plans.slice(10_100, 10_103)).toEqual([
      { ok: false, message: "/p/5/ already has a rule" },
      { ok: false, message: "This rule would make a loop: /r/7 -> /p/7 -> /r/7" },
      { ok: true, rule: { from: "/s", to: "/r/9", status: 302 }, repoint: [] },
    ]);
    const prefix = plans[10_103]!;
    expect(prefix.ok && prefix.repoint.length).toBe(9_900);
    expect(prefix.ok && prefix.repoint[0]).toEqual({ id: 1101, to: "/t/100" });
    expect(planner.size).toBe(10_102);
    // The planner's rules afterwards answer as the reference's rules, for the first 1,000 lines.
    const small = lines.slice(0, 1_000).concat(lines.slice(10_000));
    expect(
      plannerImport(
        [],
        small.map((input) => ({ input })),
      ).plans,
    ).toEqual(
      referenceImport(
        [],
        small.map((input) => ({ input })),
      ).plans,
    );
  });
});
