/**
 * Work made once, when first asked for, and shared by every caller after: a library that only rare work
 * needs (decision record 0009), imported by that work instead of at every server's start. A failed
 * attempt is not kept: the next caller tries again (a load that failed once is not an answer for ever).
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}
