import { nextTurn } from "~/core/limits/next-turn";

/**
 * Runs at most `limit` of the given tasks at once, the others in the order they came, and starts each as
 * a new task of the event loop, at most one per turn of the loop. A render on the embedded database is
 * all microtasks (PGlite answers without I/O): started inside the request's own callback, it ran to its
 * end there, and the loop's poll phase rendered every waiting search back to back before it read the
 * next socket, so /healthz and cached pages waited for all of them (20 clients: ~400 ms). Started from
 * setImmediate, one render runs per turn and every request that came meanwhile is read (and a hit
 * answered) first. A task still running after `giveUpMs` no longer holds its turn (a render stuck on a
 * lost database connection must not stop every other).
 */
export function turns(limit: number, giveUpMs = 10_000) {
  let running = 0;
  let scheduled = false;
  const waiting: Array<() => void> = [];
  const schedule = () => {
    if (scheduled || waiting.length === 0 || running >= limit) return;
    scheduled = true;
    // An immediate queued while immediates run waits for the loop's next turn: one start per turn.
    void nextTurn().then(() => {
      scheduled = false;
      if (running < limit) waiting.shift()?.();
      schedule();
    });
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        running++;
        let held = true;
        const release = () => {
          if (!held) return;
          held = false;
          clearTimeout(timer);
          running--;
          schedule();
        };
        const timer = setTimeout(release, giveUpMs);
        let result: Promise<T>;
        try {
          result = task();
        } catch (error) {
          result = Promise.reject(error);
        }
        result.finally(release).then(resolve, reject);
      });
      schedule();
    });
}
