import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost } from "../support/api";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
  const admin = await adminApi(server);
  for (let i = 1; i <= 26; i++) {
    await createPost(admin, { title: `Paged post ${i}`, author: "Pat Pager", excerpt: "One of many.", content: "Body.", category: "social", tags: [] });
  }
});
afterAll(async () => {
  await server?.stop();
});

/** The page's text (without React's text-joining comments) and the posts its cards link to. */
async function blogPage(search = "") {
  const html = (await (await fetch(`${server.url}/blog${search}`)).text()).replaceAll("<!-- -->", "");
  const posts = new Set([...html.matchAll(/href="\/blog\/(paged-post-[a-z0-9-]+)/g)].map((m) => m[1]));
  return { html, posts };
}

describe("the /blog page past 24 posts", () => {
  it("shows the newest 24 and a link that loads more, without JavaScript", async () => {
    const first = await blogPage();
    expect(first.posts.size).toBe(24);
    expect(first.posts.has("paged-post-26")).toBe(true);
    expect(first.posts.has("paged-post-1")).toBe(false);
    expect(first.html).toContain("Showing 24 of 26");
    expect(first.html).toMatch(/href="\/blog\?show=48"[^>]*>Load more posts/);

    const more = await blogPage("?show=48");
    expect(more.posts.size).toBe(26);
    expect(more.html).not.toContain("Load more posts");
  });

  it("pages a search too, keeping the query", async () => {
    const page = await blogPage("?q=paged");
    expect(page.posts.size).toBe(24);
    expect(page.html).toContain("26 posts found");
    expect(page.html).toMatch(/href="\/blog\?q=paged&amp;show=48"/);
  });
});
