import GhostContentAPI from "@tryghost/content-api";
import { describe, expect, it } from "vitest";
import { createPost, publicApi, type Api } from "../support/api";
import { eventually } from "../support/eventually";
import { inviteStaff } from "../support/staff";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";

let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" } }, (site) => {
  server = site.server;
  admin = site.admin;
});

type GhostPost = {
  id: string;
  slug: string;
  title: string;
  html?: string;
  plaintext?: string;
  tags?: Array<{ slug: string; name: string }>;
  primary_tag?: { slug: string } | null;
  authors?: Array<{ slug: string }>;
  primary_author?: { slug: string; name: string };
  url: string;
  reading_time: number;
  published_at: string;
};
type Browse<T> = T[] & {
  meta: { pagination: { page: number; limit: number | "all"; pages: number; total: number; next: number | null; prev: number | null } };
};

async function newKey(name = "Starter"): Promise<{ id: number; name: string; contentApiKey: string }> {
  const res = await admin.call("POST", "/api/admin/integrations", { name });
  expect(res.status).toBe(201);
  return res.json();
}

const ghost = (key: string) => GhostContentAPI({ url: server.url, key, version: "v5.0" });
const contentUrl = (path: string, key: string, query = "") =>
  `${server.url}/ghost/api/content/${path}?key=${key}${query ? `&${query}` : ""}`;

describe("Ghost Content API, read with Ghost's own client", () => {
  it("browses posts with tags and authors, reads by slug and id, pages to the end, filters, lists tags and authors; drafts never", async () => {
    const { contentApiKey } = await newKey();
    expect(contentApiKey).toMatch(/^[0-9a-f]{26}$/);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await createPost(admin, {
          title: `Ghost walk ${i}`,
          author: i % 2 ? "Maya Chen" : "Liam Ross",
          tags: i < 2 ? ["Craft Beer", "Sydney"] : ["Sydney"],
        }),
      );
    await createPost(admin, { title: "Secret draft", tags: ["Craft Beer"], published: false });
    const api = ghost(contentApiKey);

    const first = (await api.posts.browse({ limit: 2, include: "tags,authors" })) as unknown as Browse<GhostPost>;
    expect(first.map((post) => post.title)).toEqual(["Ghost walk 4", "Ghost walk 3"]);
    expect(first.meta.pagination).toEqual({ page: 1, limit: 2, pages: 3, total: 5, next: 2, prev: null });
    expect(first[0]!.tags).toEqual([expect.objectContaining({ slug: "sydney", name: "Sydney" })]);
    expect(first[0]!.primary_tag?.slug).toBe("sydney");
    expect(first[1]!.primary_author).toMatchObject({ slug: "maya-chen", name: "Maya Chen" });
    expect(first[0]!.html).toContain("<strong>markdown</strong>");
    expect(first[0]!.url).toMatch(/^https?:\/\/[^/]+\/blog\/ghost-walk-4\/$/);

    const seen: string[] = [];
    for (let page: number | null = 1; page !== null;) {
      const batch = (await api.posts.browse({ limit: 2, page })) as unknown as Browse<GhostPost>;
      seen.push(...batch.map((post) => post.slug));
      page = batch.meta.pagination.next;
    }
    expect(seen).toEqual([...made].reverse().map((post) => post.slug));

    const bySlug = (await api.posts.read({ slug: made[1]!.slug }, { formats: ["html", "plaintext"] })) as unknown as GhostPost;
    expect(bySlug).toMatchObject({ id: String(made[1]!.id), title: "Ghost walk 1", reading_time: 1 });
    expect(bySlug.plaintext).toContain("Some markdown body.");
    expect(((await api.posts.read({ id: String(made[2]!.id) })) as unknown as GhostPost).slug).toBe(made[2]!.slug);

    await createPost(admin, { title: "Hidden from search", author: "Liam Ross", tags: ["Craft Beer"], noindex: true });
    const craft = (await api.posts.browse({ filter: "tag:craft-beer", include: "tags" })) as unknown as Browse<GhostPost>;
    expect(craft.map((post) => post.title)).toEqual(["Hidden from search", "Ghost walk 1", "Ghost walk 0"]);
    const maya = (await api.posts.browse({
      filter: "author:maya-chen+tag:sydney",
      order: "published_at asc",
    })) as unknown as Browse<GhostPost>;
    expect(maya.map((post) => post.title)).toEqual(["Ghost walk 1", "Ghost walk 3"]);
    const after = (await api.posts.browse({ filter: `published_at:>'${made[3]!.createdAt}'` })) as unknown as Browse<GhostPost>;
    expect(after.map((post) => post.title)).toEqual(["Hidden from search", "Ghost walk 4"]);
    expect(((await api.posts.browse({ filter: "featured:true" })) as unknown as Browse<GhostPost>).meta.pagination.total).toBe(0);

    const tags = (await api.tags.browse({ include: "count.posts", limit: "all" })) as unknown as Array<{
      slug: string;
      count: { posts: number };
    }>;
    expect(tags.map((tag) => [tag.slug, tag.count.posts])).toEqual([
      ["craft-beer", 3],
      ["sydney", 5],
    ]);
    expect(await api.tags.read({ slug: "sydney" })).toMatchObject({ name: "Sydney", slug: "sydney" });
    const authors = (await api.authors.browse()) as unknown as Array<{ slug: string }>;
    expect(authors.map((author) => author.slug)).toEqual(["liam-ross", "maya-chen"]);
    expect(await api.authors.read({ slug: "maya-chen" })).toMatchObject({ name: "Maya Chen" });
    expect(((await api.pages.browse()) as unknown as Browse<unknown>).meta.pagination.total).toBe(0);
    expect(await api.settings.browse()).toMatchObject({ title: "Clink", lang: "en" });

    // Drafts are never answered, by any address; a post hidden from search engines is public, as on /blog.
    const everything = (await api.posts.browse({ limit: "all", filter: "tag:craft-beer" })) as unknown as GhostPost[];
    expect(everything.map((post) => post.title)).not.toContain("Secret draft");
    expect(everything.map((post) => post.title)).toContain("Hidden from search");
    await expect(api.posts.read({ slug: "secret-draft" })).rejects.toMatchObject({ name: "NotFoundError" });
    expect(await api.posts.read({ slug: "hidden-from-search" })).toMatchObject({ title: "Hidden from search" });
  });

  it("answers Ghost's errors: a wrong or missing key 401, an unknown post 404, a filter it cannot read 400", async () => {
    const { contentApiKey } = await newKey();
    await expect(ghost("0123456789abcdef0123456789").posts.browse()).rejects.toMatchObject({
      name: "UnauthorizedError",
      response: { status: 401 },
    });
    const missing = await fetch(`${server.url}/ghost/api/content/posts/`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ errors: [expect.objectContaining({ type: "UnauthorizedError", message: expect.any(String) })] });
    await expect(ghost(contentApiKey).posts.read({ slug: "no-such-post" })).rejects.toMatchObject({
      name: "NotFoundError",
      response: { status: 404 },
    });
    await expect(ghost(contentApiKey).posts.browse({ filter: "nosuch:'x'" })).rejects.toMatchObject({
      name: "BadRequestError",
      response: { status: 400 },
    });
    await expect(ghost(contentApiKey).posts.browse({ filter: "(tag:a" })).rejects.toMatchObject({ name: "BadRequestError" });
  });

  it("answers CORS preflights and any origin, and 304 to a matching ETag until the blog changes", async () => {
    const { contentApiKey } = await newKey();
    await createPost(admin, { title: "Cached walk", tags: ["cache"] });
    const pre = await fetch(`${server.url}/ghost/api/content/posts/`, {
      method: "OPTIONS",
      headers: {
        origin: "https://starter.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "accept-version",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/accept-version/i);

    const url = contentUrl("posts/", contentApiKey, "filter=tag:cache");
    const res = await fetch(url, { headers: { origin: "https://starter.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const etag = res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);
    // Another key asks the same: the same cached answer, but only with a valid key.
    expect((await fetch(url.replace(contentApiKey, "ffffffffffffffffffffffffff"), { headers: { "if-none-match": etag } })).status).toBe(
      401,
    );

    await createPost(admin, { title: "Cached walk two", tags: ["cache"] });
    const changed = await fetch(url, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { posts: GhostPost[] }).posts.map((post) => post.title)).toEqual(["Cached walk two", "Cached walk"]);
  });
});

describe("integrations in the admin", () => {
  it("creates for administrators only, lists without keys, records the last use, and a deleted or regenerated key stops at once", async () => {
    const editor = await inviteStaff(server, admin, "ghost-editor@test.clink.app", "editor");
    const administrator = await inviteStaff(server, admin, "ghost-admin@test.clink.app", "administrator");
    expect((await publicApi(server).call("POST", "/api/admin/integrations", { name: "x" })).status).toBe(401);
    expect((await editor.call("POST", "/api/admin/integrations", { name: "x" })).status).toBe(403);
    expect((await editor.get("/api/admin/integrations")).status).toBe(403);
    expect((await administrator.call("POST", "/api/admin/integrations", { name: "" })).status).toBe(400);

    const made = await administrator.call("POST", "/api/admin/integrations", { name: "Mobile app" });
    expect(made.status).toBe(201);
    const integration = (await made.json()) as { id: number; name: string; contentApiKey: string };
    expect(integration).toEqual({ id: expect.any(Number), name: "Mobile app", contentApiKey: expect.stringMatching(/^[0-9a-f]{26}$/) });
    expect((await fetch(contentUrl("posts/", integration.contentApiKey))).status).toBe(200);

    const listed = (await (await admin.get("/api/admin/integrations")).json()) as { integrations: Array<Record<string, unknown>> };
    const row = listed.integrations.find((entry) => entry.id === integration.id)!;
    expect(row).toMatchObject({ name: "Mobile app", keyHint: integration.contentApiKey.slice(-4), lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(integration.contentApiKey);

    const regenerated = await admin.call("POST", `/api/admin/integrations/${integration.id}`);
    expect(regenerated.status).toBe(200);
    const { contentApiKey: fresh } = (await regenerated.json()) as { contentApiKey: string };
    expect(fresh).not.toBe(integration.contentApiKey);
    expect((await fetch(contentUrl("posts/", integration.contentApiKey))).status).toBe(401);
    expect((await fetch(contentUrl("posts/", fresh))).status).toBe(200);

    expect((await editor.call("DELETE", `/api/admin/integrations/${integration.id}`)).status).toBe(403);
    expect((await admin.call("DELETE", `/api/admin/integrations/${integration.id}`)).status).toBe(200);
    expect((await fetch(contentUrl("posts/", fresh))).status).toBe(401);
    expect((await admin.call("DELETE", `/api/admin/integrations/${integration.id}`)).status).toBe(404);
  });

  it("never writes a key into the log", async () => {
    const { contentApiKey } = await newKey("Log check");
    expect((await fetch(contentUrl("tags/", contentApiKey))).status).toBe(200);
    expect((await fetch(contentUrl("nothing-here/", contentApiKey))).status).toBe(404);
    await eventually(async () => expect(server.output()).toContain("/ghost/api/content/nothing-here/?key=[redacted]"));
    expect(server.output()).not.toContain(contentApiKey);
  });
});
