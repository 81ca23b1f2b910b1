import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { requestTargetProblem } from "~/core/text/clean-input";
import type { RedirectHookAnswer, ServerHooks } from "~/core/http/server-hooks";
import { answeringFaults, observeAnswer, requestIdOf, type TrustProxy } from "./plain-answers";

/**
 * The redirect rules (app/redirects), asked first: a plain request listener in front of the front cache
 * and Express, so a rule answers even for a page the front cache keeps (decision record 0037). Only GET
 * and HEAD; a clean address only (an unclean one is Express's to refuse); the site's assets never.
 * The answer is small and the same for everyone: a Location (or 410), cacheable for a minute (a
 * permanent redirect a browser kept for ever could not be taken back), by nginx for a second.
 *
 * A client navigation asks `/page.data` (React Router's single fetch): the rule of `/page` answers it
 * the way React Router's client reads a redirect from a data request (decision record 0044). Every answer
 * is told to the response observers (the crawler log), since Express, which tells them, never sees it.
 * A fault (a rule's answer Node refuses to send) is answered 500 by ./plain-answers.ts.
 */
export type RedirectsFirstOptions = {
  /** Express's compiled TRUST_PROXY: the client's address as Express computes it, for the observers. */
  trustProxy?: TrustProxy;
};

export function redirectsFirst(
  redirectFor: ServerHooks["redirectFor"],
  next: RequestListener,
  options: RedirectsFirstOptions = {},
): RequestListener {
  const trustProxy = options.trustProxy ?? (() => false);
  return answeringFaults("redirects", (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return next(req, res);
    const url = req.url ?? "/";
    if (url.startsWith("/assets/") || (url.includes("%") && requestTargetProblem(url))) return next(req, res);
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const data = dataRequestOf(pathname, queryAt < 0 ? "" : url.slice(queryAt));
    const page = data ? data.page : pathname;
    const search = data ? data.search : queryAt < 0 ? "" : url.slice(queryAt);
    let found: ReturnType<ServerHooks["redirectFor"]>;
    try {
      found = redirectFor(page, search);
    } catch {
      return next(req, res);
    }
    if (found === undefined) return next(req, res);
    const answer = (given: RedirectHookAnswer) => {
      send(req, res, given, Boolean(data));
      observeAnswer(req, { path: pathname, status: res.statusCode, ip: trustProxy });
    };
    if (!(found instanceof Promise)) return answer(found);
    return found.then(
      (given) => (given ? answer(given) : next(req, res)),
      () => next(req, res),
    );
  });
}

/**
 * The page a React Router data request is for, and its query without the router's own `_routes`:
 * `/a.data` is `/a`, `/a/_.data` is `/a/`, `/_root.data` is `/`; null for any other address.
 */
export function dataRequestOf(pathname: string, search: string): { page: string; search: string } | null {
  if (!pathname.endsWith(".data")) return null;
  const bare = pathname.slice(0, -".data".length);
  const page = bare === "/_root" ? "/" : bare.endsWith("/_") ? bare.slice(0, -1) : bare;
  if (!page.startsWith("/")) return null;
  const params = new URLSearchParams(search);
  params.delete("_routes");
  const rest = params.toString();
  return { page, search: rest ? `?${rest}` : "" };
}

function send(req: IncomingMessage, res: ServerResponse, answer: RedirectHookAnswer, data: boolean) {
  const body = answer.location === null ? "Gone: this page was removed.\n" : `Moved to ${answer.location}\n`;
  const common = {
    "Cache-Control": "public, max-age=60",
    // As the shared pages: nginx in front (deploy/nginx.conf) keeps it a second, so a rule removed goes at once.
    "X-Accel-Expires": "1",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Request-Id": requestIdOf(req),
  };
  if (data && answer.location !== null) {
    // React Router 7's client takes a 204 with X-Remix-Redirect as a redirect of a data request (it follows
    // it as a navigation; a Location would make fetch() follow it to another page's data instead).
    res.writeHead(204, { ...common, "X-Remix-Redirect": answer.location, "X-Remix-Status": String(answer.status) });
    res.end();
    return;
  }
  // A 410 to a data request stays a 410: the client shows it as the page's error ("410 Gone" and this text).
  res.writeHead(answer.status, {
    ...(answer.location === null ? {} : { Location: answer.location }),
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    ...common,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
