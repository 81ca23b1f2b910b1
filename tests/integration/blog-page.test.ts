import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost } from "../support/api";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
  const admin = await adminApi(server);
  for (let i = 1; i <= 26; i++) {
    await createPost(admin, {
      title: `Paged post ${i}`,
      author: "Pat Pager",
      excerpt: "One of many.",
      content: "Body.",
      category: "social",
      tags: ["Paging"],
    });
  }
});
afterAll(async () => {
  await server?.stop();
});

/** The page's status, text (without React's text-joining comments) and the posts its cards link to. */
async function page(path: string) {
  const res = await fetch(`${server.url}${path}`);
  const html = (await res.text()).replaceAll("<!-- -->", "");
  const posts = new Set([...html.matchAll(/href="\/blog\/(paged-post-[a-z0-9-]+)/g)].map((m) => m[1]));
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return { status: res.status, html, posts, canonical, title };
}

describe("the blog's numbered pages", () => {
  it("shows the newest 24, then a link to /blog/page/2, which has its own address and title", async () => {
    const first = await page("/blog");
    expect(first.posts.size).toBe(24);
    expect(first.posts.has("paged-post-26")).toBe(true);
    expect(first.posts.has("paged-post-1")).toBe(false);
    expect(first.html).toMatch(/href="\/blog\/page\/2"[^>]*>Older posts/);
    expect(first.canonical).toBe("http://localhost:3000/blog");

    const second = await page("/blog/page/2");
    expect(second.status).toBe(200);
    expect([...second.posts].sort()).toEqual(["paged-post-1", "paged-post-2"]);
    expect(second.canonical).toBe("http://localhost:3000/blog/page/2");
    expect(second.title).toBe(`${first.title} — page 2`);
    expect(second.html).toMatch(/href="\/blog"[^>]*>.*Newer posts/);
    expect(second.html).not.toContain('rel="next"');
  });

  it("has no page past the last, no page 1 under /page/ and no other number: 404", async () => {
    for (const path of ["/blog/page/3", "/blog/page/1", "/blog/page/0", "/blog/page/x", "/blog/page/02", "/blog/page/99999999"]) {
      expect((await page(path)).status, path).toBe(404);
    }
  });

  it("pages a search too, keeping the query", async () => {
    const first = await page("/blog?q=paged");
    expect(first.posts.size).toBe(24);
    expect(first.html).toContain("26 posts found");
    expect(first.html).toMatch(/href="\/blog\/page\/2\?q=paged"/);
    const second = await page("/blog/page/2?q=paged");
    expect(second.posts.size).toBe(2);
    expect((await page("/blog/page/2?q=nothing-matches-this")).status).toBe(404);
  });

  it("pages a tag's and an author's posts the same way", async () => {
    expect((await page("/blog/tag/paging")).posts.size).toBe(24);
    const tag2 = await page("/blog/tag/paging/page/2");
    expect(tag2.posts.size).toBe(2);
    expect(tag2.canonical).toBe("http://localhost:3000/blog/tag/paging/page/2");
    expect(tag2.title).toBe("Paging | Blog — page 2");
    const author2 = await page("/blog/author/pat-pager/page/2");
    expect(author2.posts.size).toBe(2);
    expect(author2.canonical).toBe("http://localhost:3000/blog/author/pat-pager/page/2");
    expect((await page("/blog/author/pat-pager/page/3")).status).toBe(404);
  });
});

describe("the blog's pages carry no framework JavaScript", () => {
  // 5 KB for the pages (issue 24), and at most 1 KB more for counting visits (issue 32's budget: the
  // analytics beacon added ~0.3 KB to the vitals script every public page loads).
  const SCRIPT_BUDGET = 5 * 1024 + 1024;
  it("loads at most 6 KB of gzipped script (5 KB, and 1 KB for counting visits) on the list, a page, a post, a tag, an author and /search", async () => {
    for (const path of ["/blog", "/blog/page/2", "/blog/paged-post-3", "/blog/tag/paging", "/blog/author/pat-pager", "/search?q=paged"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      // No React Router context, inline module loader or module preloads (the page's own scripts are modules with a src).
      expect(html, path).not.toMatch(/__reactRouter|<script type="module"|rel="modulepreload"/);
      const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
      expect(scripts.length, path).toBeGreaterThan(0);
      let bytes = 0;
      for (const src of scripts)
        bytes += gzipSync(Buffer.from(await (await fetch(`${server.url}${src}`)).arrayBuffer()), { level: 9 }).length;
      expect(bytes, path).toBeLessThanOrEqual(SCRIPT_BUDGET);
    }
  });

  it("shows reading time on cards and on the post", async () => {
    expect((await page("/blog")).html).toContain("1 min read");
    expect((await page("/blog/paged-post-3")).html).toContain("1 min read");
  });
});
