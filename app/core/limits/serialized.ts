/**
 * Wraps a flush so calls never overlap and a caller always waits for a flush that started after its
 * call: what was buffered before `flush()` is written when it resolves (a flush already running
 * may have taken its rows before the newest ones arrived).
 */
export function serialized(write: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return async () => {
    while (running) await running.catch(() => undefined);
    running = write().finally(() => (running = undefined));
    return running;
  };
}
