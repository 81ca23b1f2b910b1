/**
 * The browser's half of error capture (app/errors): uncaught errors, unhandled rejections and React's render
 * errors, sent to POST /api/errors with navigator.sendBeacon (fetch keepalive where there is none). First
 * party, no cookie, no storage; the page's path only (never its query string). At most 5 reports per page
 * view, each distinct error once, each cut to fit the server's 8 KB.
 */
const MAX_REPORTS = 5;
const seen = new Set<string>();
let sent = 0;

export function reportError(error: unknown): void {
  try {
    const e =
      error instanceof Error ? error : new Error(typeof error === "string" ? error : "Non-error thrown: " + String(error).slice(0, 100));
    const message = String(e.message || e.name || "Error").slice(0, 500);
    const stack = String(e.stack || "").slice(0, 4000);
    const key = e.name + message + stack.slice(0, 300);
    if (sent >= MAX_REPORTS || seen.has(key)) return;
    seen.add(key);
    const body = JSON.stringify({
      type: String(e.name || "Error").slice(0, 100),
      message,
      stack,
      page: location.pathname.slice(0, 300),
      seq: sent++,
    });
    if (!navigator.sendBeacon?.("/api/errors", body))
      void fetch("/api/errors", { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {});
  } catch {
    // Reporting must never become the page's second error.
  }
}

/** Listens once per document (a second call does nothing). */
export function watchErrors(): void {
  const w = window as unknown as { __clinkErrors?: boolean };
  if (w.__clinkErrors) return;
  w.__clinkErrors = true;
  addEventListener("error", (event) => {
    // A resource that failed to load (an image, a script tag) is an Event with no error: not ours to report.
    if (event.error !== undefined || event.message) reportError(event.error ?? event.message);
  });
  addEventListener("unhandledrejection", (event) => reportError(event.reason));
}
