import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

const PAGES = [
  "/",
  "/about",
  "/faq",
  "/blog",
  "/contact",
  "/advertise",
  "/privacy-policy",
  "/terms-conditions",
  "/delete-my-data",
  "/irl-meetups",
  "/social-drinking-app",
  "/happy-hour",
  "/meetups",
  "/dating",
  "/venue-map",
  "/admin",
  "/ai-admin",
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe("pages are rendered on the server", () => {
  it("serves every route of the spec with one h1, a title and the shared header and footer", async () => {
    for (const path of PAGES) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      const html = await res.text();
      expect(html.match(/<h1[\s>]/g)?.length, `${path} has one h1`).toBe(1);
      expect(titleOf(html), path).toBeTruthy();
      if (path === "/admin" || path === "/ai-admin") continue; // the admin's own frame, without the public chrome
      expect(html).toContain('aria-label="Main"');
      expect(html).toContain("Admin Login");
    }
  });

  it("gives the home page the exact title and its metadata in the first response", async () => {
    const html = await (await fetch(server.url + "/")).text();
    expect(titleOf(html)).toBe("Clink - Never Drink Alone | Find Drinking Partners Near You");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,160}"/);
  });

  it("keeps the brand out of every other title and gives each page its own", async () => {
    const titles = new Set<string>();
    // /ai-admin sends a visitor without a session to /admin, so it shares that page's title.
    const own = PAGES.filter((p) => p !== "/" && p !== "/ai-admin");
    for (const path of own) {
      const title = titleOf(await (await fetch(server.url + path)).text())!;
      expect(title, path).not.toMatch(/Clink/);
      titles.add(title);
    }
    expect(titles.size).toBe(own.length);
    // Blog posts (titled by the post alone), site search and the 404 page keep the brand out too.
    const [post] = (await (await fetch(server.url + "/api/blog")).json()) as Array<{ slug: string; title: string }>;
    expect(titleOf(await (await fetch(`${server.url}/blog/${post!.slug}`)).text())).toBe(`${post!.title} | Blog`);
    for (const path of ["/search", "/search?q=rooftop", "/no-such-page"]) {
      expect(titleOf(await (await fetch(server.url + path)).text()), path).not.toMatch(/Clink/);
    }
  });

  it("marks the current page in the header with aria-current", async () => {
    const html = await (await fetch(server.url + "/faq")).text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/faq"|<a[^>]*href="\/faq"[^>]*aria-current="page"/);
    // Only the FAQ link of each menu (desktop and mobile), not Home nor the blog.
    expect(html.match(/aria-current="page"/g)?.length).toBe(2);
    const blogPost = await (await fetch(server.url + "/blog")).text();
    expect(blogPost).toMatch(/<a[^>]*href="\/blog"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/blog"/);
  });

  it("gives plain pages plain links, and a hydrated page React Router's (client navigation)", async () => {
    // A plain page's header and footer links are anchors: no router work per render (components/site-link.tsx).
    const plain = await (await fetch(server.url + "/faq")).text();
    const chrome = [...plain.matchAll(/<header[\s\S]*?<\/header>|<footer[\s\S]*?<\/footer>/g)].join("");
    expect(chrome).toContain('href="/privacy-policy"');
    expect(chrome).toContain('href="/about"');
    expect(chrome).not.toContain("data-discover");
    // The deletion link's page hydrates: its site links navigate on the client.
    const hydrated = await (await fetch(server.url + "/delete-my-data/verify?token=unknown")).text();
    expect(hydrated).toMatch(/<a[^>]*href="\/privacy-policy"[^>]*data-discover="true"/);
  });

  it("answers an unknown path with status 404 and the noindex 404 page", async () => {
    const res = await fetch(server.url + "/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(titleOf(html)).toBe("404 Page Not Found");
    expect(html).toContain('name="robots" content="noindex');
    expect(html).toContain("Return to Home");
  });

  it("answers an unknown API path with JSON 404", async () => {
    const res = await fetch(server.url + "/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "Not found" });
  });
});

describe("server basics", () => {
  it("sends security headers with a per-request script nonce on the admin's (hydrated, never cached) pages", async () => {
    // Public pages are shared bytes with no nonce (page-cache.test.ts, front-cache.test.ts).
    const a = await fetch(server.url + "/admin");
    const b = await fetch(server.url + "/admin");
    const csp = a.headers.get("content-security-policy")!;
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src "))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)![1]!;
    const html = await a.text();
    const scripts = html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    // The admin's window is isolated from pages that open it; public pages are not (decision record 0012).
    expect(a.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect((await fetch(server.url + "/contact")).headers.get("cross-origin-opener-policy")).toBeNull();
    expect(a.headers.get("referrer-policy")).toBeTruthy();
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("x-powered-by")).toBeNull();
    expect(a.headers.get("x-request-id")).toBeTruthy();
  });

  it("compresses responses with brotli or gzip", async () => {
    const res = await fetch(server.url + "/about", { headers: { "accept-encoding": "br, gzip" } });
    expect(["br", "gzip"]).toContain(res.headers.get("content-encoding"));
  });

  it("serves hashed assets with long-lived immutable caching", async () => {
    const html = await (await fetch(server.url + "/blog")).text(); // the blog page's own script file
    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    const res = await fetch(server.url + asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
  });

  it("reports health when the database answers", async () => {
    const res = await fetch(server.url + "/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("rejects bodies that are too large with 413", async () => {
    const res = await fetch(server.url + "/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/too large/);
  });

  it("answers malformed JSON with 400 and a message, not 500", async () => {
    const res = await fetch(server.url + "/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The request body is not valid JSON");
  });

  it("serves a favicon", async () => {
    const res = await fetch(server.url + "/favicon.ico");
    expect(res.status).toBe(200);
  });
});
