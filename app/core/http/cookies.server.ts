import { stringifySetCookie } from "cookie";
import { getEnv } from "../instance/env.server";

/** Whether cookies set for this request are marked Secure (served over HTTPS, or the site is). */
function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || getEnv().SITE_URL.startsWith("https:");
}

/**
 * The one builder of the site's Set-Cookie values (lint keeps it so: eslint.config.js): first-party, for the
 * whole site, HttpOnly, SameSite=Lax, Secure where the site is https. Without `maxAge` a browser-session
 * cookie; `maxAge: 0` clears it.
 */
export function setCookie(request: Request, name: string, value: string, options: { maxAge?: number } = {}): string {
  return stringifySetCookie(name, value, { path: "/", httpOnly: true, sameSite: "lax", secure: isSecure(request), maxAge: options.maxAge });
}
