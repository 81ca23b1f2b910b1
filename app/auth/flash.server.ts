import { readCookie } from "~/core/cookies";

/**
 * A one-time note for the next /admin render ("signed in", "signed out"), carried in a short-lived
 * cookie across the redirect after the sign-in form's post, so the page can show the spec's toast.
 */
export const FLASH_COOKIE = "clink_admin_flash";
export type AdminFlash = "signed-in" | "signed-out";

export function flashCookie(flash: AdminFlash): string {
  return `${FLASH_COOKIE}=${flash}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export function readFlash(request: Request): { flash: AdminFlash | null; clear: string | null } {
  const value = readCookie(request, FLASH_COOKIE);
  if (value !== "signed-in" && value !== "signed-out") return { flash: null, clear: null };
  return { flash: value, clear: `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}
