/**
 * A posted HTML form (no JavaScript) as the plain object the shared Zod schemas read: text fields as
 * strings, checkboxes as booleans. Only the named fields are read, so a stray field is simply ignored.
 */
export function formFields(form: FormData, text: readonly string[], checkboxes: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of text) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  for (const name of checkboxes) values[name] = form.get(name) !== null;
  return values;
}
