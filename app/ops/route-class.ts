/** The few groups requests are counted by in /metrics: few enough labels, telling enough to alert on. */
export type RouteClass = "asset" | "admin" | "admin-api" | "api" | "crawler-file" | "blog" | "page" | "operations";

export function routeClass(pathname: string): RouteClass {
  if (pathname.startsWith("/assets/") || /\.(?:js|css|png|jpe?g|webp|avif|svg|ico|woff2?|webmanifest)$/.test(pathname)) return "asset";
  if (pathname === "/metrics" || pathname === "/healthz" || pathname.startsWith("/_ops/")) return "operations";
  if (pathname.startsWith("/api/admin/")) return "admin-api";
  if (pathname.startsWith("/api/")) return "api";
  if (pathname === "/admin" || pathname === "/ai-admin" || pathname.startsWith("/admin/")) return "admin";
  if (/^\/(?:sitemap|ai-sitemap|robots|llms|llms-full)\b|\.md$|\/rss\.xml$|^\/[^/]+\.txt$/.test(pathname)) return "crawler-file";
  if (pathname === "/blog" || pathname.startsWith("/blog/")) return "blog";
  return "page";
}
