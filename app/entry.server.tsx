import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { isRouteErrorResponse, type HandleErrorFunction } from "react-router";
import { logRequestError } from "~/core/logs/logger.server";
import { requestIdOfArgs } from "~/core/http/api.server";

export const streamTimeout = 5_000;

/**
 * Every page is rendered whole before it is sent (onAllReady), for people and crawlers
 * alike: our pages are small, and their text and metadata must be in the first response.
 * The per-request CSP nonce goes on every inline script React Router writes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        logRequestError(error, request, "render error", loadContext.requestId);
      },
    });
  });
}

/** Loader and action errors go to the structured log (React Router would print them raw to stderr). */
export const handleError: HandleErrorFunction = (error, args) => {
  const { request } = args;
  // A client's fault (405 on a page, 404, 400) is the request log's warning, not an error of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Response && error.status < 500) return;
  logRequestError(error, request, "page error", requestIdOfArgs(args));
};
