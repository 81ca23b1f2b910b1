/**
 * Lets the event loop turn once (timers, I/O, other requests; in a browser, painting and input) before long
 * work goes on: the one way work in bounded slices yields (docs/architecture.md, "No request holds the
 * server"; lint keeps it so). A browser has no setImmediate: there a task of its own (a timer of 0).
 */
const turn: (resolve: () => void) => unknown = typeof setImmediate === "function" ? setImmediate : (resolve) => setTimeout(resolve, 0);

export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => turn(resolve));
