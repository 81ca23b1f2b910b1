/**
 * The tests' one polling helper (Vitest's and Playwright's alike, so no runner's own): waits for a condition,
 * never a fixed time, until `check` neither throws nor answers false. A check that still fails at the
 * deadline fails the test with its own last error.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      const value = await check();
      if (value !== false) return value as Exclude<T, false>;
      failure = new Error("condition not met in time");
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `check` until it gives something truthy, and gives that (`what` names it when time runs out). */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 30_000): Promise<NonNullable<T>> {
  return eventually(async () => {
    const value = await check();
    if (!value) throw new Error(`timed out waiting for ${what}`);
    return value as NonNullable<T>;
  }, timeoutMs);
}
