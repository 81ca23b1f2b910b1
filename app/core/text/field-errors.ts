import type { $ZodError } from "zod/v4/core";

/**
 * A Zod error as one message per field, keyed by the field's name (the first segment of the issue's path,
 * "_form" for the whole input), first message each. Pure: the browser's forms and the server's answers use
 * the same keys, so a server message lands beside the same field a browser check would mark.
 */
export function fieldErrors(error: Pick<$ZodError, "issues">): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "_form";
    errors[key] ??= issue.message;
  }
  return errors;
}
