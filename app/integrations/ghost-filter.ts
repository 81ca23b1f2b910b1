/**
 * The part of Ghost's filter language (NQL) the Content API answers here, parsed strictly: anything else
 * is refused (Ghost's 400), never half-applied. Grammar:
 *   filter  = all ("," all)*            -- "," is OR, "+" is AND (AND binds tighter, as in NQL)
 *   all     = clause ("+" clause)*
 *   clause  = key ":" [op] value        -- op: "-" (not), ">", ">=", "<", "<="
 *   value   = word | 'quoted' | "[" value ("," value)* "]"
 * Keys: tag, tags.slug, primary_tag, author, authors.slug, primary_author, featured, published_at, slug, id.
 */

export type GhostFilterPost = {
  id: string;
  slug: string;
  tags: readonly string[];
  authors: readonly string[];
  featured: boolean;
  publishedAt: number;
};

export type Op = "=" | "!=" | ">" | ">=" | "<" | "<=";
export type Clause = { key: string; op: Op; values: string[] };
/** OR of ANDs of clauses. */
export type GhostFilter = Clause[][];

export class FilterError extends Error {}

const KEYS: Record<string, string> = {
  tag: "tags",
  "tags.slug": "tags",
  primary_tag: "primary_tag",
  "primary_tag.slug": "primary_tag",
  author: "authors",
  "authors.slug": "authors",
  primary_author: "primary_author",
  "primary_author.slug": "primary_author",
  featured: "featured",
  published_at: "published_at",
  slug: "slug",
  id: "id",
};
const MAX_FILTER_LENGTH = 1000;

export function parseGhostFilter(text: string): GhostFilter {
  if (text.length > MAX_FILTER_LENGTH) throw new FilterError("The filter is too long");
  let at = 0;
  const fail = (what: string): never => {
    throw new FilterError(`Error parsing filter: ${what} at position ${at}`);
  };
  const value = (): string => {
    if (text[at] === "'") {
      const end = text.indexOf("'", at + 1);
      if (end < 0) fail("unclosed quote");
      const quoted = text.slice(at + 1, end);
      at = end + 1;
      return quoted;
    }
    const word = /^[A-Za-z0-9_.-]+/.exec(text.slice(at))?.[0];
    if (!word) fail("a value expected");
    at += word!.length;
    return word!;
  };
  const clause = (): Clause => {
    const key = /^[a-z_.]+/.exec(text.slice(at))?.[0];
    if (!key || text[at + key.length] !== ":") fail("a key and ':' expected");
    if (!(key! in KEYS)) throw new FilterError(`Error parsing filter: the key '${key}' is not supported`);
    at += key!.length + 1;
    const op = (/^(>=|<=|>|<|-)/.exec(text.slice(at))?.[0] ?? "") as ">=" | "<=" | ">" | "<" | "-" | "";
    at += op.length;
    const values: string[] = [];
    if (text[at] === "[") {
      if (op && op !== "-") fail("a list cannot be compared");
      at++;
      values.push(value());
      while (text[at] === ",") {
        at++;
        values.push(value());
      }
      if (text[at] !== "]") fail("']' expected");
      at++;
    } else values.push(value());
    return { key: KEYS[key!]!, op: op === "" ? "=" : op === "-" ? "!=" : op, values };
  };
  const filter: GhostFilter = [];
  let group: Clause[] = [clause()];
  while (at < text.length) {
    const joiner = text[at++];
    if (joiner === "+") group.push(clause());
    else if (joiner === ",") {
      filter.push(group);
      group = [clause()];
    } else fail("'+' or ',' expected");
  }
  filter.push(group);
  for (const c of filter.flat()) checkClause(c);
  return filter;
}

function checkClause(c: Clause): void {
  if (c.key === "featured" && !c.values.every((v) => v === "true" || v === "false")) {
    throw new FilterError("Error parsing filter: featured takes true or false");
  }
  if (c.key === "published_at") {
    if (c.values.length !== 1 || Number.isNaN(dateOf(c.values[0]!))) throw new FilterError("Error parsing filter: published_at takes one date");
  } else if (c.op !== "=" && c.op !== "!=") throw new FilterError(`Error parsing filter: ${c.key} cannot be compared with ${c.op}`);
}

const dateOf = (value: string) => Date.parse(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? `${value.replace(" ", "T")}Z` : value);

function clauseMatches(c: Clause, post: GhostFilterPost): boolean {
  if (c.key === "published_at") {
    const when = dateOf(c.values[0]!);
    const p = post.publishedAt;
    return c.op === ">" ? p > when : c.op === ">=" ? p >= when : c.op === "<" ? p < when : c.op === "<=" ? p <= when : c.op === "=" ? p === when : p !== when;
  }
  const has = (v: string): boolean => {
    switch (c.key) {
      case "tags":
        return post.tags.includes(v);
      case "primary_tag":
        return post.tags[0] === v;
      case "authors":
        return post.authors.includes(v);
      case "primary_author":
        return post.authors[0] === v;
      case "featured":
        return String(post.featured) === v;
      case "slug":
        return post.slug === v;
      default:
        return post.id === v;
    }
  };
  const any = c.values.some(has);
  return c.op === "=" ? any : !any;
}

export function matchesGhostFilter(filter: GhostFilter, post: GhostFilterPost): boolean {
  return filter.some((group) => group.every((c) => clauseMatches(c, post)));
}
