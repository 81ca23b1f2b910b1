import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startTestServer, type TestServer } from "../support/test-server";
import { waitFor } from "../support/eventually";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A raw GET (fetch would decompress for us): status, headers and the undecoded body. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(server.url + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the blog page cache", () => {
  it("serves every visitor the same bytes, brotli and gzip made once, with no nonce: inline scripts are allowed by their hashes", async () => {
    await rawGet("/blog", { "accept-encoding": "gzip" }); // fills the cache
    const answers = [];
    for (const encoding of ["gzip", "gzip", "br"]) {
      // Brotli is made once, off the request path: gzip until it is ready.
      const res = await waitFor(async () => {
        const answer = await rawGet("/blog", { "accept-encoding": encoding });
        return answer.headers["content-encoding"] === encoding ? answer : null;
      }, `the ${encoding} copy`);
      expect(res.status).toBe(200);
      expect(res.headers["x-cache"]).toBe("HIT");
      expect(res.headers["content-encoding"]).toBe(encoding);
      const html = (encoding === "br" ? brotliDecompressSync(res.body) : gunzipSync(res.body)).toString("utf8");
      expect(html).toContain("Clink Blog");
      expect(html).not.toContain("nonce=");
      const scriptSrc = String(res.headers["content-security-policy"])
        .split(";")
        .find((d) => d.trim().startsWith("script-src "))!;
      expect(scriptSrc).not.toMatch(/nonce-|unsafe-inline|strict-dynamic/);
      // Every inline script (not data blocks) is named by its hash.
      for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/src=|application\/(ld\+)?json/.test(attributes!)) continue;
        expect(scriptSrc).toContain(sha256(text!));
      }
      answers.push({ html, etag: res.headers.etag, csp: res.headers["content-security-policy"] });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]!.html).toBe(answers[0]!.html);
  });

  it("serves an uncompressed copy to clients that do not accept gzip", async () => {
    await rawGet("/blog");
    const res = await rawGet("/blog");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString("utf8")).toContain("Clink Blog");
  });

  it("shows a new post at once, in the page and the API, and answers 304 to a known ETag", async () => {
    const before = await (await fetch(`${server.url}/api/blog`)).json();
    const etag = (await rawGet("/api/blog", { "accept-encoding": "gzip" })).headers.etag!;
    expect((await rawGet("/api/blog", { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(304);

    const cookie = await signInCookie(server);
    const title = `Cache freshness check ${Date.now()}`;
    const created = await fetch(`${server.url}/api/blog`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ title, author: "Tester", excerpt: "An excerpt", content: "Some content here", category: "tips" }),
    });
    expect(created.status).toBe(201);

    const after = await (await fetch(`${server.url}/api/blog`)).json();
    expect(after.length).toBe(before.length + 1);
    expect(after[0].title).toBe(title);
    expect((await rawGet("/api/blog", { "accept-encoding": "gzip", "if-none-match": etag })).status).toBe(200);
    expect(await (await fetch(`${server.url}/blog`)).text()).toContain(title);
  });

  it("answers /api/blog in brotli once it is made, gzip until then, and the same posts in every encoding", async () => {
    const plain = (await rawGet("/api/blog")).body.toString("utf8");
    const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
    const first = await rawGet("/api/blog", browser);
    expect(["br", "gzip"]).toContain(first.headers["content-encoding"]);
    const brotli = await waitFor(async () => {
      const answer = await rawGet("/api/blog", browser);
      return answer.headers["content-encoding"] === "br" ? answer : null;
    }, "the brotli copy");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString("utf8")).toBe(plain);
    // Cached per encoding: a gzip-only client still gets gzip after a brotli client.
    const gzip = await rawGet("/api/blog", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(plain);
    expect(JSON.parse(plain).length).toBeGreaterThan(0);
  });

  it("never serves the cached anonymous copy to a signed-in admin", async () => {
    const cookie = await signInCookie(server);
    await rawGet("/api/blog");
    const res = await rawGet("/api/blog", { cookie });
    expect(res.headers["x-cache"]).toBeUndefined();
  });
});
