import { vi } from "vitest";

/**
 * Waits for a condition, never a fixed time: until `check` neither throws nor answers false. A check that
 * still fails at the deadline fails the test with its own last error.
 */
export async function eventually(check: () => Promise<unknown>, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if ((await check()) === false) throw new Error("condition not met in time");
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
