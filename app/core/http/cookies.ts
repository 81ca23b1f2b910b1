import { parseCookie } from "cookie";
import { decodeComponent } from "../text/clean-input";

/**
 * The one reading of the Cookie header, shared by the session check and the page cache, so
 * both always agree on which cookies a request carries. A value with malformed percent-encoding or
 * unclean text (NUL, lone surrogates) counts as absent: it can never stop a sign-in nor reach a query.
 */
export function parseCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header, { decode: (value) => decodeComponent(value) ?? undefined }) : {};
}

export function readCookie(request: Request, name: string): string | undefined {
  return parseCookies(request.headers.get("cookie"))[name];
}

/** Whether the header carries any of these cookies (with any value, even an empty one). */
export function hasAnyCookie(header: string | null | undefined, names: readonly string[]): boolean {
  if (!header) return false;
  const cookies = parseCookies(header);
  return names.some((name) => cookies[name] !== undefined);
}
