import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import proxyAddr from "proxy-addr";
import { listenerFault } from "~/core/instance/faults.server";
import { boundedError, loggedText, logger } from "~/core/logs/logger.server";
import { hasResponseObservers, notifyResponse } from "~/core/http/response-observers";
import { notifyServerError, pathOfUrl } from "~/core/logs/error-observers";

/**
 * What Express does for every request, done once for the plain request listeners in front of it (the
 * redirect rules, the beacons, the front cache): the request id, the client's address and protocol as
 * Express computes them (`proxy-addr` with the compiled TRUST_PROXY), the response observers' payload, and
 * the catch-all that Express's router gives its middlewares: whatever a listener throws, synchronously or in
 * a promise it returns, is logged and answered 500, and the process goes on serving (decision record 0046).
 */

/** Express's compiled `trust proxy`. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** A listener that may finish its answer later: a rejected promise is a fault like a throw. */
export type PlainListener = (req: IncomingMessage, res: ServerResponse) => void | Promise<unknown>;

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** The caller's request id when it is a plain token (it is echoed in a header and every log line), else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** As Express's req.ip. */
export const clientIpOf = (req: IncomingMessage, trustProxy: TrustProxy): string => proxyAddr(req, trustProxy);

/** As Express's req.protocol: X-Forwarded-Proto's first value from a trusted proxy, else the socket's. */
export function protocolOf(req: IncomingMessage, trustProxy: TrustProxy): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (typeof forwarded !== "string" || !trustProxy(req.socket.remoteAddress ?? "", 0)) return own;
  return forwarded.split(",")[0]!.trim() || own;
}

/**
 * Tells the response observers (crawler log, metrics) of an answer Express never saw; `ip` is the
 * address, or the TRUST_PROXY rule to compute it by only when someone observes.
 */
export function observeAnswer(
  req: IncomingMessage,
  answer: { path: string; status: number; ip: string | TrustProxy; cacheHit?: boolean; started?: number },
): void {
  if (!hasResponseObservers()) return;
  notifyResponse({
    method: req.method ?? "GET",
    path: answer.path,
    status: answer.status,
    userAgent: String(req.headers["user-agent"] ?? ""),
    ip: typeof answer.ip === "string" ? answer.ip : clientIpOf(req, answer.ip),
    cacheHit: answer.cacheHit ?? false,
    ...(answer.started === undefined ? {} : { durationMs: performance.now() - answer.started }),
  });
}

const FAULT_BODY = JSON.stringify({ success: false, message: "Something went wrong on our side. Please try again." });

/**
 * The listener, with its faults answered: a throw (a header value Node refuses, ERR_INVALID_CHAR, a bug)
 * is logged with the request and answered 500 (or the connection ended, when the answer had begun), never
 * left to end the process. `name` says which listener in the log and names its injectable fault
 * (`X-Clink-Faults: listener.NAME` with CLINK_FAULT_INJECTION=on, for the tests).
 */
export function answeringFaults(name: string, listener: PlainListener): RequestListener {
  const point = `listener.${name}`;
  return (req, res) => {
    const failed = (error: unknown) => answerFault(req, res, error, name);
    try {
      listenerFault(req.headers["x-clink-faults"], point);
      const pending = listener(req, res);
      if (pending instanceof Promise) pending.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}

export function answerFault(req: IncomingMessage, res: ServerResponse, error: unknown, name: string): void {
  const requestId = requestIdOf(req);
  logger.error(
    { err: boundedError(error), method: loggedText(req.method, 20), url: loggedText(req.url), reqId: requestId, listener: name },
    "unhandled error before Express",
  );
  // The errors feature groups it (app/errors, through core's observer list): a listener's 5xx too.
  notifyServerError({
    source: "listener",
    error,
    requestId,
    where: pathOfUrl(req.url ?? ""),
    userAgent: req.headers["user-agent"] ?? null,
  });
  try {
    if (res.headersSent) return void res.destroy();
    // Whatever the failed attempt set (a half-built header list) goes: the fault's answer stands alone.
    for (const header of res.getHeaderNames()) res.removeHeader(header);
    res.writeHead(500, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(FAULT_BODY),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Request-Id": requestId,
    });
    if (!req.readableEnded) req.resume();
    res.end(req.method === "HEAD" ? undefined : FAULT_BODY);
  } catch {
    res.destroy();
  }
}
