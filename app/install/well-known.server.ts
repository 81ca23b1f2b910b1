/**
 * A .well-known file's answer: the document as application/json, or a 404 (JSON too) while it is not set.
 * `no-cache`: nginx in front (deploy/nginx.conf) and any cache ask again each time, so a save is served at once
 * on every instance (Apple's CDN keeps its own copy on its own schedule); never a cookie.
 */
export function wellKnownJson(document: unknown): Response {
  if (document === null) {
    return Response.json({ success: false, message: "Not configured" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(JSON.stringify(document), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-cache",
    },
  });
}
