/**
 * A .well-known file's answer: the document as application/json, or a 404 (JSON too) while it is not set.
 * Short-lived in caches (5 minutes), so a change reaches Apple's and Google's fetchers soon; never a cookie.
 */
export function wellKnownJson(document: unknown): Response {
  if (document === null) {
    return Response.json({ success: false, message: "Not configured" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(JSON.stringify(document), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=300",
    },
  });
}
