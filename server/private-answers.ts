import type express from "express";
import { hasAnyCookie } from "~/core/http/cookies";
import type { PagePolicy } from "./page-policies";

/**
 * Answers that must not be shared: the admin's pages (`handle.private`) and their `.data` requests
 * send no-store; anything else answered to a request with a personal cookie is private to it
 * (and says it varies by cookie), whatever the route set.
 */
export function privateAnswers(policyOf: (pathname: string) => PagePolicy, personalCookies: readonly string[]): express.RequestHandler {
  return (req, res, next) => {
    const personal = hasAnyCookie(req.headers.cookie, personalCookies);
    // A client navigation asks /page.data (and /_root.data for "/"): the page's own policy applies.
    const page = req.path.endsWith(".data") ? req.path.slice(0, -5).replace(/^\/_root$/, "/") : req.path;
    const isPrivate = Boolean(policyOf(page).private);
    // The admin's window shares no browsing context group with pages that open it (decision record 0015).
    if (isPrivate) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (!personal && !isPrivate) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      const cacheControl = String(this.getHeader("cache-control") ?? "");
      if (isPrivate) this.setHeader("Cache-Control", "no-store");
      else if (!/no-store|private/.test(cacheControl)) this.setHeader("Cache-Control", "private, no-cache");
      this.vary("Cookie");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
