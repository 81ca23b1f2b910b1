import { FilterError, parseGhostFilter, type FilterKeys, type GhostFilter } from "./ghost-filter";

/**
 * A Content API request's query, checked: what Ghost's clients send (limit, page, order, filter, include,
 * fields, formats); a value this site cannot honour answers Ghost's 400 rather than being ignored.
 * Parameters Ghost has and that change nothing here (absolute_urls, ...) are left alone.
 */
export class GhostBadRequest extends Error {}
/** A parameter that fails Ghost's input validation (its ValidationError, 422). */
export class GhostInvalid extends Error {}

export type GhostQuery = {
  limit: number | "all";
  page: number;
  order: Array<{ field: string; desc: boolean }> | null;
  filter: GhostFilter | null;
  include: Set<string>;
  fields: Set<string> | null;
  formats: Set<string>;
};

const DEFAULT_LIMIT = 15;

const list = (value: string | null) =>
  value
    ? value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
    : [];

/**
 * Ghost's rules: limit is digits or "all" (0 is the default 15), page digits; order is "field asc|desc"
 * pairs, comma-separated, the direction case-insensitive and ascending when left out.
 */
export function parseGhostQuery(params: URLSearchParams, orderFields: readonly string[], filterKeys: FilterKeys): GhostQuery {
  const limitText = params.get("limit")?.trim() || null;
  let limit: number | "all" = DEFAULT_LIMIT;
  if (limitText === "all") limit = "all";
  else if (limitText !== null) {
    if (!/^\d{1,9}$/.test(limitText)) throw new GhostInvalid("Validation (matches) failed for limit");
    limit = Number(limitText) || DEFAULT_LIMIT;
  }
  const pageText = params.get("page")?.trim() || null;
  if (pageText !== null && !/^\d{1,9}$/.test(pageText)) throw new GhostInvalid("Validation (matches) failed for page");
  const order = params.get("order")?.trim()
    ? list(params.get("order")).map((part) => {
        const [field, direction = "asc", extra] = part.split(/\s+/);
        if (!field || !orderFields.includes(field) || !/^(asc|desc)$/i.test(direction) || extra !== undefined) {
          throw new GhostBadRequest(`order must be one or more of ${orderFields.join(", ")} followed by asc or desc`);
        }
        return { field, desc: direction.toLowerCase() === "desc" };
      })
    : null;
  let filter: GhostFilter | null = null;
  // An empty filter= is what Ghost's client sends for `filter: undefined`: no filter, as Ghost reads it.
  const filterText = params.get("filter")?.trim();
  if (filterText) {
    try {
      filter = parseGhostFilter(filterText, filterKeys);
    } catch (error) {
      if (error instanceof FilterError) throw new GhostBadRequest(error.message);
      throw error;
    }
  }
  const fields = params.get("fields")?.trim() ? new Set(list(params.get("fields"))) : null;
  const formats = new Set(params.get("formats")?.trim() ? list(params.get("formats")) : ["html"]);
  return { limit, page: Math.max(1, Number(pageText ?? 1)), order, filter, include: new Set(list(params.get("include"))), fields, formats };
}

/** One page of `items` and Ghost's pagination meta for it. */
export function paginate<T>(items: readonly T[], query: Pick<GhostQuery, "limit" | "page">) {
  const total = items.length;
  const limit = query.limit === "all" ? Math.max(total, 1) : query.limit;
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = query.page;
  const slice = items.slice((page - 1) * limit, page * limit);
  return {
    slice,
    pagination: { page, limit: query.limit, pages, total, next: page < pages ? page + 1 : null, prev: page > 1 ? page - 1 : null },
  };
}

/** Sorts by the `order` asked (stable: equal items keep their default order). */
export function ordered<T>(items: readonly T[], order: GhostQuery["order"], valueOf: (item: T, field: string) => string | number): T[] {
  if (!order) return [...items];
  return [...items].sort((a, b) => {
    for (const { field, desc } of order) {
      const x = valueOf(a, field);
      const y = valueOf(b, field);
      const compared = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      if (compared !== 0) return desc ? -compared : compared;
    }
    return 0;
  });
}

/** Only the asked fields of an object (all when none were asked). */
export function pickFields(object: Record<string, unknown>, fields: Set<string> | null): Record<string, unknown> {
  if (!fields || fields.size === 0) return object;
  return Object.fromEntries(Object.entries(object).filter(([key]) => fields.has(key)));
}
