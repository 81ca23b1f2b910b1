/** The largest value a PostgreSQL `integer` column holds (ids, versions): past it, a query fails instead of finding nothing. */
export const MAX_INT4 = 2_147_483_647;

/**
 * A database id written as text (a path parameter, a field of an address): digits only, 1 to MAX_INT4; anything
 * else (a sign, a space, "1e3", a number past the column) is null, so every reader of an id in text agrees.
 */
export function rowIdFrom(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_INT4 ? id : null;
}
