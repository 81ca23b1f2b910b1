/**
 * An admin list's page, search, sort and filter as kept in the section's address, each under its own prefix
 * (`names`) so two lists on one page do not collide. Read by the panel in the browser (useListParams) and by the
 * section's loader on the server, so both ask the API the same address.
 */
export function listValues<K extends string>(
  params: URLSearchParams,
  names: Record<K, string>,
  defaults: Record<K, string>,
): Record<K, string> {
  return Object.fromEntries((Object.keys(names) as K[]).map((key) => [key, params.get(names[key]) ?? defaults[key]])) as Record<K, string>;
}
