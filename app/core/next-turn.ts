/**
 * Lets the event loop turn once (timers, I/O, other requests) before long work goes on: the one way work
 * in bounded slices yields (docs/architecture.md, "No request holds the server").
 */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
