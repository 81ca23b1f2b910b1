/**
 * Where to go after signing in. Only a path on this site is accepted: one leading "/", then
 * printable ASCII with no backslash (browsers read "/\t/evil.example", "//evil" or "/\evil" as
 * another host, and CR, LF or non-ASCII cannot go in a Location header). Anything else: /admin.
 */
const DEFAULT_RETURN_ADDRESS = "/admin";

export function safeReturnAddress(target: unknown): string {
  if (typeof target !== "string" || target.length > 2000) return DEFAULT_RETURN_ADDRESS;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(target) || target.includes("\\")) return DEFAULT_RETURN_ADDRESS;
  return target;
}
