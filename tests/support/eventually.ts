/**
 * The tests' one polling helper (Vitest's and Playwright's alike, so no runner's own): waits for a condition,
 * never a fixed time, until `check` neither throws nor answers false. A check that still fails at the
 * deadline fails the test with its own last error.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeoutMs;
  // 50 ms, then half as long again each time, at most 250 ms: a wait of seconds (a mailing, a batch written)
  // asked the server a hundred times at 50 ms, each ask taking CPU from the work it waited for (issue 48).
  let pauseMs = 50;
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
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(250, Math.round(pauseMs * 1.5));
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
