import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { createPost, publicApi, type Api } from "../support/api";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";
import { schemaErrors } from "../support/xml-schema";

const SITE = "http://localhost:3000";
let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" } }, (site) => {
  server = site.server;
  admin = site.admin;
});

const get = (p: string) => fetch(`${server.url}${p}`);
const html = async (p: string) => (await (await get(p)).text()).replaceAll("<!-- -->", "");
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const parser = new Parser({ customFields: { item: [["category", "categories", { keepArray: true }]] } });

async function feed(p: string) {
  const res = await get(p);
  expect(res.status, p).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/rss+xml");
  return parser.parseString(await res.text());
}

/** Polls until `check` passes (writes reach cached pages through the version checks). */
async function until(check: () => Promise<void>) {
  await expect
    .poll(
      async () =>
        check().then(
          () => true,
          (error: Error) => error.message,
        ),
      { timeout: 5000 },
    )
    .toBe(true);
}

describe("tag pages", () => {
  it("list a tag's posts whatever their capitals, with a description, a feed, structured data and a place in the sitemap", async () => {
    const a = await createPost(admin, { title: "Quiz night at the Fox", author: "Maya Chen", tags: ["Events", "Trivia"] });
    const b = await createPost(admin, { title: "Open mic Thursdays", author: "Liam O'Connor", tags: ["events"] });
    const draft = await createPost(admin, { title: "Unfinished events draft", author: "Maya Chen", tags: ["events"], published: false });

    const page = await html("/blog/tag/events");
    expect(page).toContain(`href="/blog/${a.slug}"`);
    expect(page).toContain(`href="/blog/${b.slug}"`);
    expect(page).not.toContain(draft.slug);
    expect(page).toMatch(/<h1[^>]*>Events<\/h1>/);
    expect(page).toContain('<link rel="canonical" href="http://localhost:3000/blog/tag/events"/>');
    const collection = jsonLd(page).find((node) => node["@type"] === "CollectionPage") as {
      mainEntity: { itemListElement: Array<{ url: string }> };
    };
    expect(collection.mainEntity.itemListElement.map((item) => item.url).sort()).toEqual(
      [`${SITE}/blog/${a.slug}`, `${SITE}/blog/${b.slug}`].sort(),
    );
    // Tags on cards and posts are links to their pages.
    expect(await html(`/blog/${a.slug}`)).toMatch(/href="\/blog\/tag\/trivia"/);

    const tagFeed = await feed("/blog/tag/events/rss.xml");
    expect(tagFeed.title).toBe("Clink Blog: Events");
    expect(tagFeed.items.map((item) => item.link).sort()).toEqual([`${SITE}/blog/${a.slug}`, `${SITE}/blog/${b.slug}`].sort());

    // The blog's feed names "Events" and "events" once (here also the category: one entry).
    const blogFeed = await feed("/blog/rss.xml");
    for (const item of blogFeed.items) {
      const names = (item as unknown as { categories: Array<string | { _: string }> }).categories.map((c) =>
        (typeof c === "string" ? c : c._).toLowerCase(),
      );
      expect(new Set(names).size, item.title).toBe(names.length);
    }

    expect((await get("/blog/tag/no-such-tag")).status).toBe(404);
    expect((await get("/blog/tag/no-such-tag/rss.xml")).status).toBe(404);
  });

  it("the sitemap lists tag and author pages and stays valid", async () => {
    await createPost(admin, { title: "Sitemap tag post", author: "Sam Sitemap", tags: ["Rooftops"] });
    const xml = await (await get("/sitemap.xml")).text();
    expect(schemaErrors(xml)).toBeNull();
    expect(xml).toContain(`<loc>${SITE}/blog/tag/rooftops</loc>`);
    expect(xml).toContain(`<loc>${SITE}/blog/author/sam-sitemap</loc>`);
  });
});

describe("author pages", () => {
  it("list an author's posts with a ProfilePage, a feed, and the byline links to them", async () => {
    const post = await createPost(admin, { title: "Hosting for beginners", author: "Priya Natarajan", tags: [] });
    const page = await html("/blog/author/priya-natarajan");
    expect(page).toContain(`href="/blog/${post.slug}"`);
    const profile = jsonLd(page).find((node) => node["@type"] === "ProfilePage") as {
      mainEntity: { "@type": string; name: string };
      hasPart: { itemListElement: unknown[] };
    };
    expect(profile.mainEntity).toMatchObject({ "@type": "Person", name: "Priya Natarajan" });
    expect(profile.hasPart.itemListElement).toHaveLength(1);

    const postPage = await html(`/blog/${post.slug}`);
    expect(postPage).toContain('href="/blog/author/priya-natarajan"');
    const article = jsonLd(postPage).find((node) => node["@type"] === "BlogPosting")!;
    expect(article["@id"]).toBe(`${SITE}/blog/${post.slug}#article`);

    const authorFeed = await feed("/blog/author/priya-natarajan/rss.xml");
    expect(authorFeed.items.map((item) => item.title)).toEqual([post.title]);
    expect((await get("/blog/author/nobody-at-all")).status).toBe(404);
  });
});

describe("the admin's tags", () => {
  it("refuses without a session and with bad input", async () => {
    const anonymous = publicApi(server);
    expect((await anonymous.get("/api/admin/tags")).status).toBe(401);
    expect((await anonymous.call("PATCH", "/api/admin/tags/events", { description: "x" })).status).toBe(401);
    expect((await admin.call("PATCH", "/api/admin/tags/events", {})).status).toBe(400);
    expect((await admin.call("PATCH", "/api/admin/tags/events", { name: "   " })).status).toBe(400);
    expect((await admin.call("PATCH", "/api/admin/tags/no-such-tag", { description: "x" })).status).toBe(404);
    expect((await admin.call("POST", "/api/admin/tags/merge", { from: [], into: "events" })).status).toBe(400);
  });

  it("describes, renames (posts follow) and merges tags", async () => {
    const first = await createPost(admin, { title: "Cocktail classes", author: "Maya Chen", tags: ["Mixology", "classes"] });
    const second = await createPost(admin, { title: "Bartender tips", author: "Maya Chen", tags: ["cocktail making"] });

    const listed = (await (await admin.get("/api/admin/tags")).json()) as Array<{ slug: string; name: string; posts: number }>;
    expect(listed.find((tag) => tag.slug === "mixology")).toMatchObject({ name: "Mixology", posts: 1 });

    const described = await admin.call("PATCH", "/api/admin/tags/mixology", { description: "Learning to make drinks." });
    expect(described.status).toBe(200);
    await until(async () => expect(await html("/blog/tag/mixology")).toContain("Learning to make drinks."));

    const renamed = await admin.call("PATCH", "/api/admin/tags/mixology", { name: "Cocktails" });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).tag).toMatchObject({
      slug: "cocktails",
      name: "Cocktails",
      description: "Learning to make drinks.",
      posts: 1,
    });
    await until(async () => {
      // The old address answers 301 to the new one (the redirects manager, issue 34).
      const old = await fetch(`${server.url}/blog/tag/mixology`, { redirect: "manual" });
      expect([old.status, old.headers.get("location")]).toEqual([301, "/blog/tag/cocktails"]);
      expect(await html("/blog/tag/cocktails")).toContain(`href="/blog/${first.slug}"`);
    });
    const post = (await (await get(`/api/blog/${first.id}`)).json()) as { tags: string[] };
    expect(post.tags).toEqual(["Cocktails", "classes"]);

    // A rename onto a tag that exists is a merge: refused as such.
    expect((await admin.call("PATCH", "/api/admin/tags/cocktails", { name: "Cocktail Making" })).status).toBe(409);

    const merged = await admin.call("POST", "/api/admin/tags/merge", { from: ["cocktail-making"], into: "cocktails" });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toMatchObject({ success: true, posts: 1, tag: { slug: "cocktails", posts: 2 } });
    await until(async () => {
      const page = await html("/blog/tag/cocktails");
      expect(page).toContain(`href="/blog/${second.slug}"`);
      const old = await fetch(`${server.url}/blog/tag/cocktail-making`, { redirect: "manual" });
      expect([old.status, old.headers.get("location")]).toEqual([301, "/blog/tag/cocktails"]);
    });
  });
});
