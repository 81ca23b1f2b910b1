/**
 * Watchers of every answered request, cache hits included (crawler analytics, request metrics).
 * The front of the server calls `notifyResponse` once per response after it is sent; observers must
 * be cheap and synchronous (buffer, then write in batches elsewhere) and must never throw into it.
 */
export type ResponseInfo = {
  method: string;
  /** Path without the query string. */
  path: string;
  status: number;
  userAgent: string;
  /** The client address as the server sees it (after TRUST_PROXY). */
  ip: string;
  cacheHit: boolean;
  /** From the request's arrival to the response's end, when the caller measured it. */
  durationMs?: number;
};

export type ResponseObserver = (info: ResponseInfo) => void;

const observers: ResponseObserver[] = [];

export function addResponseObserver(observer: ResponseObserver): () => void {
  observers.push(observer);
  return () => {
    const at = observers.indexOf(observer);
    if (at >= 0) observers.splice(at, 1);
  };
}

export function hasResponseObservers(): boolean {
  return observers.length > 0;
}

export function notifyResponse(info: ResponseInfo): void {
  for (const observer of observers) {
    try {
      observer(info);
    } catch {
      // An observer's fault must never reach a visitor's response.
    }
  }
}
