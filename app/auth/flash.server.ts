import { readCookie } from "~/core/http/cookies";
import { setCookie } from "~/core/http/cookies.server";

/**
 * A one-time note for the next /admin render ("signed in", "signed out"), carried in a short-lived
 * cookie across the redirect after the sign-in form's post, so the page can show the spec's toast.
 */
export const FLASH_COOKIE = "clink_admin_flash";
export type AdminFlash = "signed-in" | "signed-out";

export function flashCookie(request: Request, flash: AdminFlash): string {
  return setCookie(request, FLASH_COOKIE, flash, { maxAge: 60 });
}

export function readFlash(request: Request): { flash: AdminFlash | null; clear: string | null } {
  const value = readCookie(request, FLASH_COOKIE);
  if (value !== "signed-in" && value !== "signed-out") return { flash: null, clear: null };
  return { flash: value, clear: setCookie(request, FLASH_COOKIE, "", { maxAge: 0 }) };
}
