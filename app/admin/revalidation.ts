import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Moving to another address within the same admin route (a list's page, search or filter, kept in the address)
 * does not run its loader again: the panel asks the API for the new list itself. A form's post and an explicit
 * revalidation (the sign-in-again dialog) do.
 */
export function keepLoaderForListChanges({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}
