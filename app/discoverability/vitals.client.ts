import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { nextTurn } from "~/core/limits/next-turn";

/**
 * Field Core Web Vitals from this visit, sent to POST /api/vitals when the page is hidden or left
 * (the moment LCP, INP and CLS are final). Loaded after hydration as its own small chunk under
 * /assets, so it never delays the page. Measured for the page the visit landed on; admin pages skip it.
 */
export function reportWebVitals(): void {
  const page = location.pathname;
  if (/^\/(admin|ai-admin)(\/|$)/.test(page)) return;
  const pending = new Map<string, number>();
  const add = (metric: Metric) => pending.set(metric.name, Math.max(0, metric.value));
  const flush = () => {
    if (pending.size === 0) return;
    const body = JSON.stringify({ page, metrics: [...pending].map(([name, value]) => ({ name, value })) });
    pending.clear();
    // keepalive lets the request outlive the page; a failure loses one visit's figures, nothing more.
    void fetch("/api/vitals", { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(
      () => undefined,
    );
  };
  // Each observer starts in a task of its own: started together (each reads its buffered entries) they
  // were one long task just after the first paint (~20 ms, 100+ ms in Lighthouse's 4x slower phone),
  // counted in the page's Total Blocking Time.
  const starts = [() => onLCP(add), () => onCLS(add), () => onINP(add), () => onFCP(add), () => onTTFB(add)];
  const startNext = () => {
    starts.shift()?.();
    if (starts.length > 0) void nextTurn().then(startNext);
  };
  startNext();
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
