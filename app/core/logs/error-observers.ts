/**
 * Watchers of the server's unexpected errors (the errors feature, wired by app/startup.server.ts): core
 * reports here every 5xx answer from an exception in a loader, action or Express, and every job attempt
 * that gives up; it knows no watcher. Observers must be cheap and synchronous (queue the write) and never
 * throw into the caller: a fault of theirs must not change the answer nor the job's outcome.
 */
export type ServerErrorReport = {
  /** Where it happened: a request, a job that gave up, a listener. */
  source: "request" | "job" | "listener";
  error: unknown;
  /** The request's id (X-Request-Id, the log line's reqId), when there was a request. */
  requestId?: string | null;
  /** The request's path (no query string) or, for a job, its type. */
  where?: string | null;
  userAgent?: string | null;
};

export type ServerErrorObserver = (report: ServerErrorReport) => void;

const observers: ServerErrorObserver[] = [];

export function addServerErrorObserver(observer: ServerErrorObserver): () => void {
  observers.push(observer);
  return () => {
    const at = observers.indexOf(observer);
    if (at >= 0) observers.splice(at, 1);
  };
}

export function notifyServerError(report: ServerErrorReport): void {
  for (const observer of observers) {
    try {
      observer(report);
    } catch {
      // A watcher's fault never reaches the request or the job.
    }
  }
}

/** A request's path without its query string (the only part of the address an error record keeps). */
export function pathOfUrl(url: string): string {
  try {
    return new URL(url, "http://x").pathname;
  } catch {
    return url.split(/[?#]/, 1)[0] ?? "";
  }
}
