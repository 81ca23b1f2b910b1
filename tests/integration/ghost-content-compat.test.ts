import GhostContentAPI from "@tryghost/content-api";
import { TSGhostContentAPI } from "@ts-ghost/content-api";
import { describe, expect, it } from "vitest";
import { createPost, type Api, type CreatedPost } from "../support/api";
import { eventually } from "../support/eventually";
import { siteForSuite } from "../support/suite";
import { queryTestDatabase, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Ghost 5's Content API to the long tail (issue 40): legacy versioned paths, version headers, Ghost's
 * error shapes, absolute addresses with Ghost's trailing slash, full tags in includes, one rule for what
 * is public, NQL expansions on every resource, Ghost's orders, and the free tier.
 */
let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" } }, (site) => {
  server = site.server;
  admin = site.admin;
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function newKey(): Promise<string> {
  const res = await admin.call("POST", "/api/admin/integrations", { name: "Starter" });
  expect(res.status).toBe(201);
  return ((await res.json()) as { contentApiKey: string }).contentApiKey;
}

let seeded: Promise<{ key: string; posts: CreatedPost[]; hidden: CreatedPost }> | undefined;
/** Four posts on two authors and three tags, one of them hidden from search engines; "guides" described. */
function seed() {
  seeded ??= (async () => {
    const key = await newKey();
    const posts = [
      await createPost(admin, {
        title: "Compat one",
        author: "Ana Vale",
        tags: ["Guides", "Sydney"],
        content: "See [the map](/venue-map) and ![a bar](/images/bar.jpg).",
      }),
      await createPost(admin, { title: "Compat two", author: "Ben Ode", tags: ["Roundup"] }),
      await createPost(admin, { title: "Compat three", author: "Ana Vale", tags: ["Sydney"] }),
    ];
    const hidden = await createPost(admin, { title: "Compat hidden", author: "Ben Ode", tags: ["Guides"], noindex: true });
    expect((await admin.call("PATCH", "/api/admin/tags/guides", { description: "How to drink well." })).status).toBe(200);
    return { key, posts, hidden };
  })();
  return seeded;
}

const get = (path: string, key: string, query = "", headers: Record<string, string> = {}) =>
  fetch(`${server.url}/ghost/api/${path}?key=${key}${query ? `&${query}` : ""}`, { headers });
const body = async (path: string, key: string, query = ""): Promise<Json> => {
  const res = await get(`content/${path}`, key, query);
  expect(res.status, `${path}?${query}: ${res.status}`).toBe(200);
  return (await res.json()) as Json;
};
const slugs = (items: Json[]) => items.map((item) => item.slug as string);

describe("Ghost's versions and errors", () => {
  it("answers the legacy v2, v3, v4 and canary paths as the current API, with Deprecation and Link; other versions 404", async () => {
    const { key } = await seed();
    const current = await (await get("content/posts/", key, "limit=all")).json();
    for (const [segment, version] of [
      ["v2", "v2"],
      ["v3", "v3"],
      ["v4", "v4"],
      ["canary", "v4"],
    ] as const) {
      const res = await get(`${segment}/content/posts/`, key, "limit=all");
      expect(res.status, segment).toBe(200);
      expect(res.headers.get("deprecation")).toBe(`version="${version}"`);
      expect(res.headers.get("link")).toMatch(/\/ghost\/api\/content\/posts\/\?key=[0-9a-f]+&limit=all>; rel="latest-version"$/);
      expect(res.headers.get("content-version")).toBe("v5.0");
      expect(await res.json()).toEqual(current);
    }
    // Ghost's own client at version v2 (what the Eleventy starter ships) reads the settings.
    const v2 = GhostContentAPI({ url: server.url, key, version: "v2" } as never);
    expect(await v2.settings.browse()).toMatchObject({ title: "Clink" });

    const unknown = await get("v9/content/posts/", key);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors[0]).toMatchObject({ type: "NotFoundError" });
  });

  it("answers Accept-Version with Content-Version, varies on it, and reads an empty filter= as none", async () => {
    const { key } = await seed();
    const asked = await get("content/posts/", key, "filter=", { "accept-version": "v5.0" });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("content-version")).toBe("v5.0");
    expect(asked.headers.get("vary")).toMatch(/Accept-Version/);
    expect(asked.headers.get("deprecation")).toBeNull();
    expect((await asked.json()).meta.pagination.total).toBe(4);
    expect((await get("content/posts/", key)).headers.get("content-version")).toBeNull();
  });

  it("refuses in Ghost's error shape: 422 for a bad limit, 400 for a bad filter, 406 for another major version's unknown address", async () => {
    const { key } = await seed();
    const invalid = await get("content/posts/", key, "limit=lots");
    expect(invalid.status).toBe(422);
    const error = (await invalid.json()).errors[0];
    expect(Object.keys(error).sort()).toEqual([
      "code",
      "context",
      "details",
      "ghostErrorCode",
      "help",
      "id",
      "message",
      "property",
      "type",
    ]);
    expect(error).toMatchObject({ type: "ValidationError", message: "Validation (matches) failed for limit" });
    expect((await (await get("content/posts/", key, "filter=nosuch:x")).json()).errors[0].type).toBe("BadRequestError");
    const ahead = await get("content/nothing/", key, "", { "accept-version": "v6.0" });
    expect(ahead.status).toBe(406);
    expect((await ahead.json()).errors[0]).toMatchObject({
      type: "RequestNotAcceptableError",
      context: "Provided client accept-version v6.0 is ahead of current Ghost version v5.0.",
    });
    expect((await get("content/nothing/", key, "", { "accept-version": "v5.3" })).status).toBe(404);
  });
});

describe("answers shaped as Ghost's", () => {
  it("writes urls absolute with Ghost's trailing slash, makes links and images in html absolute, and fills tags in includes", async () => {
    const { key, posts } = await seed();
    const {
      posts: [post],
    } = await body(`posts/slug/${posts[0]!.slug}/`, key, "include=tags,authors");
    expect(post.url).toBe(`http://localhost:3000/blog/${posts[0]!.slug}/`);
    expect(post.html).toContain('href="http://localhost:3000/venue-map"');
    expect(post.html).toMatch(/src="http:\/\/localhost:3000\/images\/bar\.jpg"/);
    expect(post.html).not.toMatch(/(href|src)="\/[^/]/);
    expect(post.tags[0]).toMatchObject({
      slug: "guides",
      description: "How to drink well.",
      url: "http://localhost:3000/blog/tag/guides/",
    });
    expect(post.primary_author.url).toBe("http://localhost:3000/blog/author/ana-vale/");
    // The address Ghost's url names answers on this site.
    expect((await fetch(`${server.url}/blog/${posts[0]!.slug}/`)).status).toBe(200);
  });

  it("lists a post hidden from search engines as /blog and the tag page do: public, only not indexed", async () => {
    const { key, hidden } = await seed();
    const all = await body("posts/", key, "limit=all&filter=tag:guides");
    expect(slugs(all.posts)).toContain(hidden.slug);
    const { tags } = await body("tags/slug/guides/", key, "include=count.posts");
    expect(tags[0].count.posts).toBe(2);
    const blog = (await (await fetch(`${server.url}/api/blog`)).json()) as Array<{ slug: string; tags: string[] }>;
    expect(blog.filter((post) => post.tags.includes("Guides")).length).toBe(2);
    const tagPage = await (await fetch(`${server.url}/blog/tag/guides`)).text();
    expect(tagPage).toContain("Compat hidden");
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain(hidden.slug);
  });
});

describe("filters, orders and includes on every resource", () => {
  it("expands tags, authors and primary_tag, lists of slugs and negated ids, visibility and dates on posts", async () => {
    const { key, posts, hidden } = await seed();
    expect(slugs((await body("posts/", key, "filter=tags:[guides,roundup]&order=published_at asc")).posts)).toEqual([
      posts[0]!.slug,
      posts[1]!.slug,
      hidden.slug,
    ]);
    expect(slugs((await body("posts/", key, "filter=authors:ana-vale&order=published_at asc")).posts)).toEqual([
      posts[0]!.slug,
      posts[2]!.slug,
    ]);
    expect(slugs((await body("posts/", key, "filter=primary_tag:sydney")).posts)).toEqual([posts[2]!.slug]);
    expect(slugs((await body("posts/", key, `filter=slug:[${posts[1]!.slug},${posts[2]!.slug}]%2Bid:-${posts[2]!.id}`)).posts)).toEqual([
      posts[1]!.slug,
    ]);
    expect((await body("posts/", key, "filter=visibility:public%2Bfeatured:false")).meta.pagination.total).toBe(4);
    expect((await body("posts/", key, "filter=published_at:>now-1d")).meta.pagination.total).toBe(4);
    expect((await body("posts/", key, "filter=(tag:roundup,tag:sydney)%2Bauthor:ben-ode")).posts.map((post: Json) => post.title)).toEqual([
      "Compat two",
    ]);
  });

  it("filters tags and authors, orders by featured and count.posts, and honours fields and formats", async () => {
    const { key } = await seed();
    expect(slugs((await body("tags/", key, "filter=slug:guides")).tags)).toEqual(["guides"]);
    expect(slugs((await body("tags/", key, "filter=visibility:public&limit=all")).tags)).toEqual(["guides", "roundup", "sydney"]);
    expect(slugs((await body("authors/", key, "filter=slug:ben-ode")).authors)).toEqual(["ben-ode"]);
    expect(
      (await body("tags/", key, "include=count.posts&order=count.posts DESC&filter=slug:[roundup,guides]")).tags.map((tag: Json) => [
        tag.slug,
        tag.count.posts,
      ]),
    ).toEqual([
      ["guides", 2],
      ["roundup", 1],
    ]);
    expect((await body("posts/", key, "order=featured desc,published_at desc&limit=1")).posts[0].title).toBe("Compat hidden");
    const { posts } = await body("posts/", key, "fields=title,url,plaintext&formats=plaintext&limit=1");
    expect(Object.keys(posts[0]).sort()).toEqual(["plaintext", "title", "url"]);
    expect((await body("posts/", key, "limit=0")).meta.pagination.limit).toBe(15);
  });

  it("lists the one free tier, as a Ghost site with members turned off", async () => {
    const { key } = await seed();
    const { tiers } = await body("tiers/", key, "include=monthly_price,yearly_price,benefits");
    expect(tiers).toEqual([
      expect.objectContaining({ name: "Free", slug: "free", type: "free", active: true, visibility: "public", monthly_price: null }),
    ]);
  });
});

describe("every answer passes @ts-ghost/content-api's zod schemas of Ghost's shapes", () => {
  it("posts, pages, tags, authors, tiers and settings, browsed and read, with includes, fields and formats", async () => {
    const { key, posts } = await seed();
    const api = new TSGhostContentAPI(server.url, key, "v5.0");
    const ok = <T>(result: { success: true; data: T } | { success: false; errors: unknown }): T => {
      if (!result.success) throw new Error(JSON.stringify(result.errors));
      return result.data;
    };
    const browsed = ok(
      await api.posts
        .browse({ limit: 3, order: "title ASC", filter: "tags.slug:guides" })
        .include({ tags: true, authors: true })
        .formats({ html: true, plaintext: true })
        .fetch(),
    );
    expect(browsed.map((post) => post.title)).toEqual(["Compat hidden", "Compat one"]);
    expect(browsed[1]!.tags![0]!.description).toBe("How to drink well.");
    expect(ok(await api.posts.read({ slug: posts[1]!.slug }).include({ authors: true }).fetch()).primary_author?.slug).toBe("ben-ode");
    expect(ok(await api.posts.read({ id: String(posts[2]!.id) }).fetch()).title).toBe("Compat three");
    expect(ok(await api.posts.browse({ limit: 2 }).fields({ title: true, slug: true }).fetch())).toHaveLength(2);
    expect(ok(await api.pages.browse().fetch())).toEqual([]);
    expect(
      ok(await api.tags.browse({ filter: "visibility:public", order: "name DESC" }).include({ "count.posts": true }).fetch()).map(
        (tag) => tag.slug,
      ),
    ).toEqual(["sydney", "roundup", "guides"]);
    expect(ok(await api.tags.read({ slug: "roundup" }).fetch()).name).toBe("Roundup");
    expect(
      ok(await api.authors.browse({ filter: "slug:[ana-vale,ben-ode]" }).include({ "count.posts": true }).fetch()).map(
        (author) => author.count?.posts,
      ),
    ).toEqual([2, 2]);
    expect(ok(await api.authors.read({ slug: "ana-vale" }).fetch()).name).toBe("Ana Vale");
    expect(ok(await api.tiers.browse().fetch()).map((tier) => tier.type)).toEqual(["free"]);
    expect(ok(await api.settings.fetch()).title).toBe("Clink");
    const missing = await api.posts.read({ slug: "no-such-post" }).fetch();
    expect(missing.success).toBe(false);
  });
});

describe("post bodies rendered once, at save, and kept", () => {
  it.runIf(usingPostgres())("answers the body kept in blog_post_html, and renders again only when the Markdown changes", async () => {
    const { key } = await seed();
    const post = await createPost(admin, { title: "Kept body", tags: ["kept"], content: "First **body**." });
    const kept = async () =>
      queryTestDatabase<{ html: string }>(server.databaseUrl!, `select html from blog_post_html where post_id = ${post.id}`);
    await eventually(async () => expect((await kept())[0]?.html).toContain("<strong>body</strong>"));
    // Listing reads what was kept: a mark put in the kept row is what the API answers.
    await queryTestDatabase(server.databaseUrl!, `update blog_post_html set html = '<p>kept mark</p>' where post_id = ${post.id}`);
    expect((await body("posts/", key, "filter=tag:kept&limit=all")).posts[0].html).toBe("<p>kept mark</p>");
    // A new body is rendered and kept again (the kept row's hash no longer matches).
    expect(
      (
        await admin.call("PUT", `/api/blog/${post.id}`, {
          title: "Kept body",
          author: "Alex Writer",
          excerpt: "E",
          content: "Second *body*.",
          category: "tips",
          tags: ["kept"],
          published: true,
        })
      ).status,
    ).toBeLessThan(300);
    await eventually(async () => expect((await body("posts/", key, "filter=tag:kept&limit=all")).posts[0].html).toContain("<em>body</em>"));
    expect((await kept())[0]!.html).toContain("<em>body</em>");
  });
});
