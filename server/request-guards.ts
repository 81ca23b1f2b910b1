import type { Duplex } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { requestTargetProblem } from "~/core/text/clean-input";

/** The methods some route of the site answers; others (TRACE, PROPFIND, ...) are never meant for us. */
const SUPPORTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const supported = new Set<string>(SUPPORTED_METHODS);

/** API callers get the JSON error shape; a person's browser gets the message as plain text. */
function refuse(req: Request, res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.set({ ...headers, "Cache-Control": "no-store" });
  if (req.path.startsWith("/api/") || (req.get("accept") ?? "").includes("application/json")) {
    res.status(status).json({ success: false, message });
  } else {
    res.status(status).type("text/plain; charset=utf-8").send(message);
  }
}

/**
 * Requests no route can answer sensibly are refused before any route sees them: an unknown method
 * (405, with the methods we do know in Allow; Node's Request even refuses TRACE, which was a 500), and a path
 * or query that does not decode to clean text (400; see ~/core/text/clean-input).
 */
export function requestGuards(): RequestHandler {
  return (req, res, next) => {
    if (!supported.has(req.method)) {
      return refuse(req, res, 405, `The method ${req.method.slice(0, 20)} is not supported`, { Allow: SUPPORTED_METHODS.join(", ") });
    }
    const problem = requestTargetProblem(req.originalUrl);
    if (problem) return refuse(req, res, 400, problem);
    next();
  };
}

/**
 * Requests Node's HTTP parser refuses before any route sees them (a request line or headers over
 * its size limit, malformed syntax) still answer in the API's JSON shape, and close.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
  const body = JSON.stringify({
    success: false,
    message: tooLarge ? "The address or headers are too large" : "The request could not be read",
  });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
