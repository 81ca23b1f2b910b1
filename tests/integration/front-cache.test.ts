import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startTestServer, usingPostgres, type TestServer } from "../support/test-server";
import { siteForSuite } from "../support/suite";
import { eventually, waitFor } from "../support/eventually";

/**
 * The front cache (server/front-cache.ts) at the HTTP boundary: which answers it keeps and shares,
 * how it refreshes them when a post changes (on this instance and another sharing PostgreSQL),
 * and that nothing private ever goes through it.
 */
let server: TestServer;
let admin: string;
siteForSuite({}, (site) => ({ server, cookie: admin } = site));

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** A raw GET: the undecoded body, and its text decoded by what the server said it sent. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const plain = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
          resolve({ status: res.statusCode!, headers: res.headers, body, text: plain.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

async function api(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { cookie: admin, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

const CONTENT_PAGES = [
  "/",
  "/about",
  "/faq",
  "/privacy-policy",
  "/terms-conditions",
  "/irl-meetups",
  "/social-drinking-app",
  "/happy-hour",
  "/meetups",
  "/dating",
];

describe("content pages", () => {
  it("are the same bytes for everyone, with no framework script (only the vitals file), so no nonce and a CSP without one", async () => {
    for (const path of [...CONTENT_PAGES, "/no-such-page"]) {
      const a = await get(server.url, path);
      const b = await get(server.url, path);
      expect(b.headers["x-cache"], path).toBe("HIT");
      expect(b.text, path).toBe(a.text);
      const scripts = a.text.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? [];
      // One external file from /assets, the field-vitals beacon; no inline script and no framework.
      expect(scripts, path).toHaveLength(1);
      expect(scripts[0], path).toMatch(/^<script src="\/assets\/vitals-beacon[^"]*\.js" type="module" async="">$/);
      expect(a.text, path).not.toContain("modulepreload");
      expect(a.text, path).not.toContain("nonce=");
      const scriptSrc = String(a.headers["content-security-policy"])
        .split(";")
        .find((d) => d.startsWith("script-src "));
      expect(scriptSrc, path).toBe("script-src 'self'");
      expect(a.headers["x-frame-options"]).toBe("DENY");
      expect(a.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("the forms and the venue map are shared bytes too, with their own small scripts within budget (40 KB and 90 KB gzipped)", async () => {
    for (const [path, budget] of [
      ["/contact", 40],
      ["/advertise", 40],
      ["/delete-my-data", 40],
      ["/venue-map", 90],
    ] as const) {
      const a = await get(server.url, path);
      const b = await get(server.url, path);
      expect(b.headers["x-cache"], path).toBe("HIT");
      expect(b.text, path).toBe(a.text);
      expect(a.text, path).not.toContain("nonce=");
      expect(a.text, path).not.toContain("modulepreload");
      const sources = [...a.text.matchAll(/<script src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(sources.length, path).toBeGreaterThanOrEqual(2); // the vitals beacon and the page's own script
      let bytes = 0;
      for (const source of sources) bytes += (await get(server.url, source, { "accept-encoding": "gzip" })).body.length;
      expect(bytes / 1024, path).toBeLessThanOrEqual(budget);
      const csp = String(a.headers["content-security-policy"]);
      expect(
        csp.split(";").find((d) => d.startsWith("script-src ")),
        path,
      ).toBe("script-src 'self'");
      // Pictures from our origin and exactly the tile host, not any https: host.
      expect(
        csp.split(";").find((d) => d.startsWith("img-src ")),
        path,
      ).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    }
  });

  it("send X-Content-Type-Options once on the crawler files and Markdown pages", async () => {
    for (const path of ["/robots.txt", "/llms.txt", "/sitemap.xml", "/about.md"]) {
      const res = await get(server.url, path);
      expect(res.status, path).toBe(200);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("are sent in brotli or gzip as asked, with a strong ETag per encoding, answered 304 when known", async () => {
    const plain = await get(server.url, "/about");
    // Brotli is made once, off the request path: gzip until it is ready.
    const br = await waitFor(async () => {
      const res = await get(server.url, "/about", { "accept-encoding": "gzip, deflate, br" });
      return res.headers["content-encoding"] === "br" ? res : null;
    }, "the brotli copy");
    const gzip = await get(server.url, "/about", { "accept-encoding": "gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.text).toBe(plain.text);
    expect(gzip.text).toBe(plain.text);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    const etags = [plain, gzip, br].map((res) => res.headers.etag!);
    expect(new Set(etags).size).toBe(3);
    for (const tag of etags) expect(tag).toMatch(/^"[^"]+"$/); // strong
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(plain.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);

    const again = await get(server.url, "/about", { "accept-encoding": "gzip", "if-none-match": gzip.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(gzip.headers.etag);
    expect((await get(server.url, "/about", { "accept-encoding": "gzip", "if-none-match": '"other"' })).status).toBe(200);
  });
});

describe("addresses that are not pages", () => {
  it("React Router's route discovery and the health check are answered by the server, never as the cached 404 page", async () => {
    await get(server.url, "/no-such-page"); // the 404 page is cached
    for (const path of ["/__manifest?p=%2Fblog&version=x", "/__manifest?p=%2Fabout&version=x", "/healthz", "/healthz"]) {
      const res = await get(server.url, path);
      expect(res.status, path).not.toBe(404);
      expect(res.headers["x-cache"], path).toBeUndefined();
    }
  });
});

describe("queries", () => {
  it("share one entry for every way of writing one search, and ignore parameters the page does not read", async () => {
    const first = await get(server.url, "/blog?q=rooftop&utm_source=x");
    expect(first.status).toBe(200);
    for (const path of ["/blog?q=%20rooftop%20", "/blog?utm_campaign=y&q=rooftop", "/blog?q=rooftop&show=48"]) {
      expect((await get(server.url, path)).headers["x-cache"], path).toBe("HIT");
    }
    expect((await get(server.url, "/blog?q=sunset")).headers["x-cache"]).toBe("MISS");
  });
});

/** Every cached page that shows a post, with whether it shows `title` now. */
async function pagesShowing(base: string, slug: string, title: string, word: string) {
  const pages = [`/blog`, `/blog/${slug}`, `/search?q=${word}`, `/api/blog`];
  const seen: Record<string, boolean> = {};
  for (const path of pages) seen[path] = (await get(base, path, { "accept-encoding": "gzip" })).text.includes(title);
  return seen;
}

async function expectPublicPages(base: string, slug: string, title: string, word: string, shown: boolean) {
  const seen = await pagesShowing(base, slug, title, word);
  expect(seen).toEqual({ "/blog": shown, [`/blog/${slug}`]: shown, [`/search?q=${word}`]: shown, "/api/blog": shown });
}

async function fillCaches(base: string, slug: string, word: string) {
  for (const path of [`/blog`, `/blog/${slug}`, `/search?q=${word}`, `/api/blog`]) {
    await get(base, path, { "accept-encoding": "gzip" });
    await get(base, path, { "accept-encoding": "gzip" });
  }
  expect((await get(base, "/blog", { "accept-encoding": "gzip" })).headers["x-cache"]).toBe("HIT");
}

function postBody(title: string, word: string, published: boolean) {
  return {
    title,
    author: "Cache Tester",
    excerpt: `About ${word}`,
    content: `A post on ${word}, for the cache test.`,
    category: "tips",
    published,
  };
}

describe("React Router's own requests", () => {
  it("route discovery (/__manifest) reaches React Router with its query, so client navigation stays client-side", async () => {
    // The admin sign-in page is the one that hydrates (every public page ships no React Router).
    const page = await get(server.url, "/admin");
    const version = page.text.match(/"version":\s*"([0-9a-f]+)"/)?.[1];
    expect(version).toBeTruthy();
    const manifest = await get(server.url, `/__manifest?paths=${encodeURIComponent("/blog/some-post")}&version=${version}`);
    // 204 with X-Remix-Reload-Document is React Router's "your version is stale: reload the page".
    expect(manifest.status).toBe(200);
    expect(manifest.headers["x-remix-reload-document"]).toBeUndefined();
    expect(Object.keys(JSON.parse(manifest.text))).toContain("routes/blog/post");
  });
});

describe("a post's changes reach every cached page that shows it", () => {
  it("when it is published, edited and unpublished", async () => {
    const word = `zq${Date.now().toString(36)}`;
    const title = `Front cache ${word}`;
    const { post } = await api(server.url, "POST", "/api/blog", postBody(title, word, false));
    await fillCaches(server.url, post.slug, word);
    await expectPublicPages(server.url, post.slug, title, word, false);

    await api(server.url, "PUT", `/api/blog/${post.id}`, { published: true });
    await expectPublicPages(server.url, post.slug, title, word, true);

    const edited = `${title} edited`;
    await api(server.url, "PUT", `/api/blog/${post.id}`, postBody(edited, word, true));
    await expectPublicPages(server.url, post.slug, edited, word, true);

    await api(server.url, "PUT", `/api/blog/${post.id}`, { published: false });
    await expectPublicPages(server.url, post.slug, title, word, false);
    expect((await get(server.url, `/blog/${post.slug}`)).status).toBe(404);
  });

  it.runIf(usingPostgres())("also on another instance sharing the PostgreSQL database", async () => {
    const other = await startTestServer({ databaseUrl: server.databaseUrl });
    try {
      const word = `zr${Date.now().toString(36)}`;
      const title = `Two instances ${word}`;
      const { post } = await api(server.url, "POST", "/api/blog", postBody(title, word, false));
      await fillCaches(other.url, post.slug, word);
      await expectPublicPages(other.url, post.slug, title, word, false);

      await api(server.url, "PUT", `/api/blog/${post.id}`, { published: true });
      await eventually(() => expectPublicPages(other.url, post.slug, title, word, true));

      const edited = `${title} edited`;
      await api(server.url, "PUT", `/api/blog/${post.id}`, postBody(edited, word, true));
      await eventually(() => expectPublicPages(other.url, post.slug, edited, word, true));

      await api(server.url, "PUT", `/api/blog/${post.id}`, { published: false });
      await eventually(() => expectPublicPages(other.url, post.slug, title, word, false));
    } finally {
      await other.stop();
    }
  });
});

describe("private answers", () => {
  it("an answer for a session cookie is never stored nor served from the cache, however the header is written", async () => {
    const word = `zs${Date.now().toString(36)}`;
    const { post } = await api(server.url, "POST", "/api/blog", postBody(`Draft ${word}`, word, false));
    const [name, value] = admin.split("=", 2) as [string, string];
    // The same parser reads the cookie for the session check and for the cache: both see the admin.
    for (const cookie of [admin, `theme=dark;${name} =${value}`]) {
      const list = await get(server.url, "/api/blog", { cookie });
      expect(list.headers["x-cache"]).toBeUndefined();
      expect(list.text).toContain(`Draft ${word}`);
      expect(list.headers["cache-control"]).toMatch(/private/);
      expect(list.headers.vary).toMatch(/Cookie/);
    }
    const anonymous = await get(server.url, "/api/blog");
    expect(anonymous.text).not.toContain(`Draft ${word}`);

    const search = `/search?q=${word}x`;
    const signedIn = await get(server.url, search, { cookie: admin });
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toMatch(/private/);
    expect(signedIn.headers.vary).toMatch(/Cookie/);
    expect((await get(server.url, search)).headers["x-cache"]).toBe("MISS");
    await api(server.url, "DELETE", `/api/blog/${post.id}`);
  });

  it("admin pages and their data requests send no-store, signed in or not, and never pass through the cache", async () => {
    for (const cookie of [undefined, admin]) {
      for (const path of ["/admin", "/admin.data", "/ai-admin", "/ai-admin.data"]) {
        const res = await get(server.url, path, cookie ? { cookie } : {});
        expect(res.headers["cache-control"], `${path} ${cookie ? "signed in" : "signed out"}`).toBe("no-store");
        expect(res.headers["x-cache"], path).toBeUndefined();
      }
    }
  });

  it("a draft's image is private and no-store; once published it may be cached publicly", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#4f46e5" } })
      .png()
      .toBuffer();
    const word = `zt${Date.now().toString(36)}`;
    const { post } = await api(server.url, "POST", "/api/blog", {
      ...postBody(`Image ${word}`, word, false),
      imageData: png.toString("base64"),
      imageMimeType: "image/png",
    });
    const draft = await get(server.url, post.image, { cookie: admin });
    expect(draft.status).toBe(200);
    expect(draft.headers["cache-control"]).toBe("private, no-store");
    expect((await get(server.url, post.image)).status).toBe(404);

    await api(server.url, "PUT", `/api/blog/${post.id}`, { published: true });
    const published = await get(server.url, post.image);
    expect(published.status).toBe(200);
    expect(published.headers["cache-control"]).toMatch(/^public/);
    await api(server.url, "DELETE", `/api/blog/${post.id}`);
  });
});
