/**
 * Ghost's filter language (NQL) as the Content API reads it, parsed strictly: a key or form this site cannot
 * answer is refused (Ghost's 400), never half-applied. Grammar:
 *   or      = and ("," and)*             -- "," is OR, "+" is AND (AND binds tighter, as in NQL)
 *   and     = term ("+" term)*
 *   term    = "(" or ")" | clause
 *   clause  = key ":" [op] value         -- op: "-" (not), ">", ">=", "<", "<=", "~" (contains), "~^", "~$"
 *   value   = word | 'quoted' | "[" value ("," value)* "]"
 * Each resource names its keys (Ghost's expansions included: `tag` and `tags` are `tags.slug`, `author` and
 * `authors` are `authors.slug`, `primary_tag` is the first tag's slug) and what kind of value each holds.
 */

type FilterKind = "text" | "list" | "date" | "boolean";
/** What a filter is matched against: one value per field (a list for tags and authors, epoch ms for dates). */
export type FilterSubject = Record<string, string | number | boolean | null | readonly string[]>;
export type FilterKeys = Record<string, { field: string; kind: FilterKind }>;

type Op = "=" | "!=" | ">" | ">=" | "<" | "<=" | "~" | "~^" | "~$";
type Clause = { field: string; kind: FilterKind; op: Op; values: string[] };
export type GhostFilter = { or: GhostFilter[] } | { and: GhostFilter[] } | Clause;

export class FilterError extends Error {}

const text = (field: string) => ({ field, kind: "text" as const });
const list = (field: string) => ({ field, kind: "list" as const });
const date = (field: string) => ({ field, kind: "date" as const });
const COMMON: FilterKeys = { id: text("id"), slug: text("slug") };

/** The keys of posts (and pages), with Ghost's expansions (its post model's filter expansions). */
export const POST_FILTER_KEYS: FilterKeys = {
  ...COMMON,
  title: text("title"),
  tag: list("tags"),
  tags: list("tags"),
  "tags.slug": list("tags"),
  primary_tag: text("primary_tag"),
  "primary_tag.slug": text("primary_tag"),
  author: list("authors"),
  authors: list("authors"),
  "authors.slug": list("authors"),
  primary_author: text("primary_author"),
  "primary_author.slug": text("primary_author"),
  featured: { field: "featured", kind: "boolean" },
  visibility: text("visibility"),
  status: text("status"),
  published_at: date("published_at"),
  updated_at: date("updated_at"),
  created_at: date("created_at"),
};
export const TAG_FILTER_KEYS: FilterKeys = { ...COMMON, name: text("name"), visibility: text("visibility") };
export const AUTHOR_FILTER_KEYS: FilterKeys = { ...COMMON, name: text("name") };

const MAX_FILTER_LENGTH = 1000;
const MAX_DEPTH = 10;

export function parseGhostFilter(source: string, keys: FilterKeys = POST_FILTER_KEYS): GhostFilter {
  if (source.length > MAX_FILTER_LENGTH) throw new FilterError("The filter is too long");
  let at = 0;
  const fail = (what: string): never => {
    throw new FilterError(`Error parsing filter: ${what} at position ${at}`);
  };
  const value = (): string => {
    if (source[at] === "'" || source[at] === '"') {
      const end = source.indexOf(source[at]!, at + 1);
      if (end < 0) fail("unclosed quote");
      const quoted = source.slice(at + 1, end);
      at = end + 1;
      return quoted;
    }
    const word = /^[A-Za-z0-9_.:-]+/.exec(source.slice(at))?.[0];
    if (!word) fail("a value expected");
    at += word!.length;
    return word!;
  };
  const clause = (): Clause => {
    const key = /^[a-z_.]+/.exec(source.slice(at))?.[0];
    if (!key || source[at + key.length] !== ":") fail("a key and ':' expected");
    const known = keys[key!];
    if (!known) throw new FilterError(`Error parsing filter: the key '${key}' is not supported`);
    at += key!.length + 1;
    const op = (/^(>=|<=|>|<|-|~\^|~\$|~)/.exec(source.slice(at))?.[0] ?? "") as Op | "-" | "";
    at += op.length;
    const values: string[] = [];
    if (source[at] === "[") {
      if (op && op !== "-") fail("a list cannot be compared");
      at++;
      values.push(value());
      while (source[at] === ",") {
        at++;
        values.push(value());
      }
      if (source[at] !== "]") fail("']' expected");
      at++;
    } else values.push(value());
    const made: Clause = { field: known.field, kind: known.kind, op: op === "" ? "=" : op === "-" ? "!=" : op, values };
    checkClause(key!, made);
    return made;
  };
  const term = (depth: number): GhostFilter => {
    if (source[at] !== "(") return clause();
    if (depth >= MAX_DEPTH) fail("too deeply nested");
    at++;
    const inner = or(depth + 1);
    if (source[at] !== ")") fail("')' expected");
    at++;
    return inner;
  };
  /** Parts joined by `separator` ("+" AND, "," OR): one part is itself. */
  const joined =
    (separator: string, kind: "and" | "or", part: (depth: number) => GhostFilter) =>
    (depth: number): GhostFilter => {
      const parts = [part(depth)];
      while (source[at] === separator) {
        at++;
        parts.push(part(depth));
      }
      return parts.length === 1 ? parts[0]! : ({ [kind]: parts } as GhostFilter);
    };
  const and = joined("+", "and", (depth) => term(depth));
  const or = joined(",", "or", and);
  const filter = or(0);
  if (at < source.length) fail("'+' or ',' expected");
  return filter;
}

function checkClause(key: string, c: Clause): void {
  if (c.kind === "boolean" && !c.values.every((v) => v === "true" || v === "false")) {
    throw new FilterError(`Error parsing filter: ${key} takes true or false`);
  }
  const comparing = c.op === ">" || c.op === ">=" || c.op === "<" || c.op === "<=";
  if (c.kind === "date") {
    if (c.values.some((v) => Number.isNaN(dateOf(v)))) throw new FilterError(`Error parsing filter: ${key} takes a date`);
  } else if (comparing) throw new FilterError(`Error parsing filter: ${key} cannot be compared with ${c.op}`);
  if (c.op.startsWith("~") && c.kind !== "text") throw new FilterError(`Error parsing filter: ${key} cannot be searched with ${c.op}`);
}

const UNIT_MS: Record<string, number> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  M: 2_592_000_000,
  y: 31_536_000_000,
};

/** A date as NQL writes one: ISO, "YYYY-MM-DD HH:MM:SS" (UTC), or relative ("now", "now-30d"). */
function dateOf(value: string): number {
  const relative = /^now(?:([+-])(\d{1,6})([smhdwMy]))?$/.exec(value);
  if (relative) return Date.now() + (relative[1] ? Number(`${relative[1]}1`) * Number(relative[2]) * UNIT_MS[relative[3]!]! : 0);
  return Date.parse(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? `${value.replace(" ", "T")}Z` : value);
}

function clauseMatches(c: Clause, subject: FilterSubject): boolean {
  const actual = subject[c.field];
  if (c.kind === "date") {
    if (typeof actual !== "number") return c.op === "!=";
    const whens = c.values.map(dateOf);
    const when = whens[0]!;
    switch (c.op) {
      case ">":
        return actual > when;
      case ">=":
        return actual >= when;
      case "<":
        return actual < when;
      case "<=":
        return actual <= when;
      case "=":
        return whens.includes(actual);
      default:
        return !whens.includes(actual);
    }
  }
  if (c.op === "~" || c.op === "~^" || c.op === "~$") {
    const haystack = String(actual ?? "").toLowerCase();
    const needle = c.values[0]!.toLowerCase();
    return c.op === "~" ? haystack.includes(needle) : c.op === "~^" ? haystack.startsWith(needle) : haystack.endsWith(needle);
  }
  const has = (v: string): boolean => {
    if (Array.isArray(actual)) return actual.includes(v);
    if (v === "null") return actual === null || actual === "";
    return String(actual) === v;
  };
  const any = c.values.some(has);
  return c.op === "=" ? any : !any;
}

export function matchesGhostFilter(filter: GhostFilter, subject: FilterSubject): boolean {
  if ("or" in filter) return filter.or.some((part) => matchesGhostFilter(part, subject));
  if ("and" in filter) return filter.and.every((part) => matchesGhostFilter(part, subject));
  return clauseMatches(filter, subject);
}
