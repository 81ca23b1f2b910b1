import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { requestTargetProblem } from "~/core/clean-input";
import type { RedirectHookAnswer, ServerHooks } from "~/core/server-hooks";

/**
 * The redirect rules (app/redirects), asked first: a plain request listener in front of the front cache
 * and Express, so a rule answers even for a page the front cache keeps (decision record 0037). Only GET
 * and HEAD; a clean address only (an unclean one is Express's to refuse); the site's assets never.
 * The answer is small and the same for everyone: a Location (or 410), cacheable for a minute (a
 * permanent redirect a browser kept for ever could not be taken back), by nginx for a second.
 */
export function redirectsFirst(redirectFor: ServerHooks["redirectFor"], next: RequestListener): RequestListener {
  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return next(req, res);
    const url = req.url ?? "/";
    if (url.startsWith("/assets/") || (url.includes("%") && requestTargetProblem(url))) return next(req, res);
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const search = queryAt < 0 ? "" : url.slice(queryAt);
    let found: ReturnType<ServerHooks["redirectFor"]>;
    try {
      found = redirectFor(pathname, search);
    } catch {
      return next(req, res);
    }
    if (found === undefined) return next(req, res);
    if (!(found instanceof Promise)) return send(req, res, found);
    found.then(
      (answer) => (answer ? send(req, res, answer) : next(req, res)),
      () => next(req, res),
    );
  };
}

function send(req: IncomingMessage, res: ServerResponse, answer: RedirectHookAnswer) {
  const given = req.headers["x-request-id"];
  const body = answer.location === null ? "Gone: this page was removed.\n" : `Moved to ${answer.location}\n`;
  res.writeHead(answer.status, {
    ...(answer.location === null ? {} : { Location: answer.location }),
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "public, max-age=60",
    // As the shared pages: nginx in front (deploy/nginx.conf) keeps it a second, so a rule removed goes at once.
    "X-Accel-Expires": "1",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Request-Id": typeof given === "string" && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID(),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
