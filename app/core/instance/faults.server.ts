import { AsyncLocalStorage } from "node:async_hooks";
import { getEnv } from "./env.server";
import { logger } from "../logs/logger.server";

/**
 * Failure injection for tests of write boundaries (docs/decisions/0011-write-boundaries.md): with
 * CLINK_FAULT_INJECTION=on, a request may name fault points in its X-Clink-Faults header (comma-separated,
 * e.g. "blog.image,audit"), and `faultPoint(name)` throws there, inside that request only. Off (the
 * default), the header is ignored and a fault point costs one comparison. Even when on, a fault only
 * fails the request that asked for it: nothing a visitor can do reaches anyone else's request.
 */
class InjectedFault extends Error {
  constructor(readonly point: string) {
    super(`injected fault at ${point}`);
  }
}

const requested = new AsyncLocalStorage<ReadonlySet<string>>();
let enabled: boolean | undefined;

function isEnabled(): boolean {
  if (enabled === undefined) {
    enabled = getEnv().CLINK_FAULT_INJECTION === "on";
    if (enabled) logger.warn("CLINK_FAULT_INJECTION is on: requests may inject failures (for tests only)");
  }
  return enabled;
}

/** Runs `work` with the faults this request names (when injection is on). */
export function withRequestFaults<T>(request: Request, work: () => T): T {
  const header = request.headers.get("x-clink-faults");
  if (!header || !isEnabled()) return work();
  const points = new Set(
    header
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  return requested.run(points, work);
}

/** Whether this request asked for a failure at `name` (for a fault that must look like a real one). */
export function faultRequested(name: string): boolean {
  return enabled !== false && requested.getStore()?.has(name) === true;
}

/** A place a write may be made to fail in tests; a no-op unless this request asked for it. */
export function faultPoint(name: string): void {
  if (faultRequested(name)) throw new InjectedFault(name);
}

/**
 * For the plain listeners before Express (server/plain-answers.ts), which have no Request: throws when
 * injection is on and the X-Clink-Faults header names `point`. Off, it costs a look at the header.
 */
export function listenerFault(header: string | string[] | undefined, point: string): void {
  if (typeof header !== "string" || !isEnabled()) return;
  if (header.split(",").some((name) => name.trim() === point)) throw new InjectedFault(point);
}
