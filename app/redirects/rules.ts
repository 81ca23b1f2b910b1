/**
 * Redirect rules, pure (decision record 0037): which rule answers an address and where it sends it
 * (what a new rule would do to the others is app/redirects/plan.ts).
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
export const MAX_HOPS = 10;

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

type Layer = { exact: Map<string, Rule>; prefixes: Map<string, Rule> };

/**
 * The rules as a matcher. An exact rule is one look-up; a prefix is found by trying the address's first
 * n characters for each length some prefix has, longest first: a few look-ups however many rules there
 * are, so an import can ask once per line without paying for every rule (app/redirects/plan.ts). Rules
 * may be set and removed (the planner's own copy does; the site's copy is made once per version).
 */
export class RuleSet {
  private readonly own: Layer = { exact: new Map(), prefixes: new Map() };
  /** The built-in rules, under the admin's: removing an admin's rule lets a built-in one answer again. */
  private readonly base: Layer = { exact: new Map(), prefixes: new Map() };
  /** How many prefixes (of both layers, each once) have each length; the lengths longest first. */
  private readonly lengthCounts = new Map<number, number>();
  private lengths: number[] = [];

  constructor(rules: readonly Rule[], builtIn: readonly Rule[] = BUILT_IN_RULES) {
    for (const rule of builtIn) this.put(this.base, rule);
    for (const rule of rules) this.put(this.own, rule);
  }

  get size(): number {
    const count = (own: Map<string, Rule>, base: Map<string, Rule>) => own.size + [...base.keys()].filter((key) => !own.has(key)).length;
    return count(this.own.exact, this.base.exact) + count(this.own.prefixes, this.base.prefixes);
  }

  /** Adds a rule, in the place of the admin's rule with the same `from` if there is one. */
  set(rule: Rule): void {
    this.put(this.own, rule);
  }

  /** The admin's rule for the same address as `from` (`/a/` is `/a`), if any. */
  get(from: string): Rule | undefined {
    return isPrefix(from) ? this.own.prefixes.get(from.slice(0, -1)) : this.own.exact.get(normalPath(from));
  }

  /** Removes the admin's rule for the same address as `from`; a built-in rule for it answers again. */
  delete(from: string): void {
    if (!isPrefix(from)) return void this.own.exact.delete(normalPath(from));
    const prefix = from.slice(0, -1);
    if (this.own.prefixes.delete(prefix) && !this.base.prefixes.has(prefix)) this.countLength(prefix.length, -1);
  }

  private put(layer: Layer, rule: Rule): void {
    if (!isPrefix(rule.from)) return void layer.exact.set(normalPath(rule.from), rule);
    const prefix = rule.from.slice(0, -1);
    if (!this.own.prefixes.has(prefix) && !this.base.prefixes.has(prefix)) this.countLength(prefix.length, 1);
    layer.prefixes.set(prefix, rule);
  }

  private countLength(length: number, change: 1 | -1): void {
    const count = (this.lengthCounts.get(length) ?? 0) + change;
    if (count > 0) this.lengthCounts.set(length, count);
    else this.lengthCounts.delete(length);
    if (count === 0 || (count === 1 && change === 1)) this.lengths = [...this.lengthCounts.keys()].sort((a, b) => b - a);
  }

  /** The rule for a path (no query), or undefined. Exact rules win over prefixes; the longest prefix wins. */
  match(pathname: string): Rule | undefined {
    const key = normalPath(pathname);
    const exact = this.own.exact.get(key) ?? this.base.exact.get(key);
    if (exact) return exact;
    for (const length of this.lengths) {
      if (length > pathname.length) continue;
      const prefix = pathname.slice(0, length);
      const rule = this.own.prefixes.get(prefix) ?? this.base.prefixes.get(prefix);
      if (rule) return rule;
    }
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

export const pathOnly = (target: string) => target.replace(/[?#].*$/, "");

function withQuery(target: string, search: string): string {
  if (!search || search === "?" || target.includes("?")) return target;
  const hash = target.indexOf("#");
  const query = search.startsWith("?") ? search : `?${search}`;
  return hash < 0 ? target + query : target.slice(0, hash) + query + target.slice(hash);
}
