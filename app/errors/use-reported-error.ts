import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { reportError } from "./error-beacon.client";

/**
 * For every route's ErrorBoundary: a render error React caught there is not uncaught, so no window listener
 * hears it; the boundary reports it (a refused request, a route error response, is not an error of ours).
 * In the browser only: the effect never runs on the server.
 */
export function useReportedError(error: unknown): void {
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
}
