import { getEnv } from "~/core/env.server";

/** Whether cookies set for this request are marked Secure (served over HTTPS, or the site is). */
export function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || getEnv().SITE_URL.startsWith("https:");
}
