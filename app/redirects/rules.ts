/**
 * Redirect rules, pure (decision record 0037): which rule answers an address, where it sends it, and
 * what a new rule would do to the others (a loop is refused; a chain is collapsed).
 *
 * - `from` is a path: exact (`/old`), or a prefix ending in `*` (`/old/*` answers every address that
 *   starts with `/old/`). A trailing slash does not matter to an exact rule: `/old` answers `/old/` too.
 * - `to` is a path or an absolute http(s) URL; with a prefix rule it may end in `*` too, which stands for
 *   the rest of the address (`/old/* -> /new/*` sends `/old/a/b` to `/new/a/b`). A 410 has no `to`.
 * - The request's query string is kept, unless `to` has one of its own.
 * - Exact rules win over prefix rules; among prefixes the longest wins.
 * - Targets are URIs (RFC 3986): an IRI is stored percent-encoded (`/ブログ` as `/%E3%83%96...`, a host
 *   in Punycode), so every answer is a header value Node sends (decision record 0046). A `*` target's
 *   substitution never leaves the target's site: it can neither make a path protocol-relative
 *   (`/x/* -> /*` with `/x//evil.example`) nor change an address's host.
 */

export const REDIRECT_STATUSES = [301, 302, 307, 308, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export type RuleInput = { from: string; to: string; status: RedirectStatus };
export type Rule = RuleInput & { id: number };

/** What a request is answered: a redirect to `location`, or 410 Gone (`location` null). */
export type RedirectAnswer = { rule: Rule; status: RedirectStatus; location: string | null };

/** How many rules a visitor's address may pass through before the answer (a chain a prefix rule makes). */
const MAX_HOPS = 10;

/** The path a rule's exact `from` is compared by: without a trailing slash (the root excepted). */
export function normalPath(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

export const isPrefix = (from: string) => from.endsWith("*");
export const isAbsolute = (to: string) => /^https?:\/\//i.test(to);

/**
 * Built-in rules the site always has: the addresses feed readers and tools try first, to the blog's
 * feed. A rule of the admin's with the same `from` takes their place.
 */
export const BUILT_IN_RULES: readonly Rule[] = [
  { id: 0, from: "/rss.xml", to: "/blog/rss.xml", status: 301 },
  { id: 0, from: "/rss", to: "/blog/rss.xml", status: 301 },
  { id: 0, from: "/feed", to: "/blog/rss.xml", status: 301 },
];

export class RuleSet {
  private readonly exact = new Map<string, Rule>();
  /** Prefix rules, longest prefix first. */
  private readonly prefixes: Array<{ prefix: string; rule: Rule }> = [];

  constructor(rules: readonly Rule[], builtIn: readonly Rule[] = BUILT_IN_RULES) {
    for (const rule of [...builtIn, ...rules]) {
      if (isPrefix(rule.from)) continue;
      this.exact.set(normalPath(rule.from), rule);
    }
    const prefixes = new Map<string, Rule>();
    for (const rule of [...builtIn, ...rules]) if (isPrefix(rule.from)) prefixes.set(rule.from.slice(0, -1), rule);
    this.prefixes = [...prefixes].map(([prefix, rule]) => ({ prefix, rule })).sort((a, b) => b.prefix.length - a.prefix.length);
  }

  get size(): number {
    return this.exact.size + this.prefixes.length;
  }

  /** The rule for a path (no query), or undefined. */
  match(pathname: string): Rule | undefined {
    const exact = this.exact.get(normalPath(pathname));
    if (exact) return exact;
    for (const { prefix, rule } of this.prefixes) if (pathname.startsWith(prefix)) return rule;
    return undefined;
  }

  /**
   * The answer for an address (path and query), following the rules a redirect would lead the visitor
   * through, so a chain costs one redirect: the first rule's status (410 if the chain ends in one), the
   * last rule's target. Undefined when no rule answers.
   */
  answer(pathname: string, search = ""): RedirectAnswer | undefined {
    const first = this.match(pathname);
    if (!first) return undefined;
    let rule = first;
    let path = pathname;
    for (let hop = 0; ; hop++) {
      if (rule.status === 410) return { rule: first, status: 410, location: null };
      const target = targetOf(rule, path);
      if (target === null) return undefined;
      const next = hop < MAX_HOPS && !isAbsolute(target) ? this.match(pathOnly(target)) : undefined;
      if (!next || pathOnly(target) === path) return { rule: first, status: first.status, location: withQuery(target, search) };
      path = pathOnly(target);
      rule = next;
    }
  }
}

/** Any C0 control character, DEL or C1 control: never part of an address (RFC 3987 forbids them in IRIs). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The first control character in `text` as "U+001B", or null. */
export function controlCharacterIn(text: string): string | null {
  const found = CONTROL.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}

const BASE = "http://base.invalid";

/**
 * A target as a URI (RFC 3987's mapping, which WHATWG's URL parser does): characters outside ASCII
 * percent-encoded as UTF-8, a host in Punycode; a trailing `*` kept as it is. Null for what is no
 * target: a control character, an address that does not parse, or a path that parses to another site.
 */
export function asUri(target: string): string | null {
  if (target === "" || controlCharacterIn(target)) return target === "" ? "" : null;
  const star = target.endsWith("*") ? "*" : "";
  const bare = star ? target.slice(0, -1) : target;
  try {
    if (isAbsolute(bare)) return new URL(bare).href + star;
    if (!bare.startsWith("/") || /^[/\\]{2}/.test(bare)) return null;
    const url = new URL(bare, BASE);
    return url.origin === BASE ? url.pathname + url.search + url.hash + star : null;
  } catch {
    return null;
  }
}

/**
 * Where a rule sends a path: its `to`, with the rest of the address in place of a trailing `*`; null
 * when the rest would take the visitor off the target's site (a host changed by `@`, a path made
 * `//host`): that address is not redirected.
 */
export function targetOf(rule: RuleInput, pathname: string): string | null {
  if (!isPrefix(rule.from) || !rule.to.endsWith("*")) return rule.to;
  const head = rule.to.slice(0, -1);
  const target = head + pathname.slice(rule.from.length - 1);
  try {
    if (isAbsolute(head)) return new URL(target).host === new URL(head).host ? target : null;
    // A path stays a path: `//evil.example` (or `/\evil.example`) is another site to a browser.
    const path = target.replace(/^[/\\]+/, "/");
    return new URL(path, BASE).origin === BASE ? path : null;
  } catch {
    return null;
  }
}

const pathOnly = (target: string) => target.replace(/[?#].*$/, "");

function withQuery(target: string, search: string): string {
  if (!search || search === "?" || target.includes("?")) return target;
  const hash = target.indexOf("#");
  const query = search.startsWith("?") ? search : `?${search}`;
  return hash < 0 ? target + query : target.slice(0, hash) + query + target.slice(hash);
}

/** The address a rule's `from` is tried with: itself, or an address under its prefix. */
const probeOf = (from: string) => (isPrefix(from) ? `${from.slice(0, -1)}x` : from);

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

export type Plan =
  | { ok: true; rule: RuleInput; repoint: Array<{ id: number; to: string }> }
  | { ok: false; message: string };

/**
 * What saving `input` among `rules` does: refused when it makes a loop (the message names it) or its
 * `from` has a rule already; else the rule as stored (its target collapsed: a target another rule
 * redirects is replaced by where that chain ends) and the rules to re-point (those whose target the
 * new rule now redirects). Targets ending in `*` are not collapsed: such chains are followed when
 * answered (RuleSet.answer), still in one redirect.
 */
export function planAdd(rules: readonly Rule[], input: RuleInput, options: { replace?: boolean } = {}): Plan {
  const key = (from: string) => (isPrefix(from) ? from : normalPath(from));
  const others = rules.filter((rule) => key(rule.from) !== key(input.from));
  if (!options.replace && others.length !== rules.length) return { ok: false, message: `${input.from} already has a rule` };
  const before = new RuleSet(others);
  const candidate: Rule = { ...input, id: -1 };
  const after = new RuleSet([...others, candidate]);
  const loop = loopFrom(after, probeOf(input.from));
  if (loop) return { ok: false, message: `This rule would make a loop: ${loop.join(" -> ")}` };
  const rule = { ...input, to: collapsed(before, input) };
  const withRule = new RuleSet([...others, { ...rule, id: -1 }]);
  const repoint: Array<{ id: number; to: string }> = [];
  for (const other of others) {
    if (other.status === 410 || isAbsolute(other.to) || other.to.endsWith("*")) continue;
    const to = collapsed(withRule, other);
    if (to !== other.to) repoint.push({ id: other.id, to });
  }
  return { ok: true, rule, repoint };
}

/** A rule's target with any chain of exact redirects after it followed to its end (a 410 ends none). */
function collapsed(rules: RuleSet, rule: RuleInput): string {
  if (rule.status === 410 || isAbsolute(rule.to) || rule.to.endsWith("*")) return rule.to;
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
