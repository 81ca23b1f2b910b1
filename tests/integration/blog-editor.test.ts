import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, createSubmission, publicApi, type Api } from "../support/api";
import { startTestServer, type TestServer } from "../support/test-server";
import { eventually } from "../support/eventually";

/** The editor's server rules at the HTTP boundary: draft preview, slug history, scheduling, alt text, admin lists. */
let server: TestServer;
let admin: Api;
let visitor: Api;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } });
  admin = await adminApi(server);
  visitor = publicApi(server);
});
afterAll(async () => {
  await server?.stop();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

describe("a draft at its permalink", () => {
  it("is the admin's preview (noindex, never stored) and a 404 for everyone else, twice over", async () => {
    const post = await createPost(admin, { title: `Draft preview ${unique()}`, published: false });
    for (let i = 0; i < 2; i++) {
      const anonymous = await visitor.get(`/blog/${post.slug}`);
      expect(anonymous.status).toBe(404);
      expect(await anonymous.text()).not.toContain(post.title);
    }
    const preview = await admin.get(`/blog/${post.slug}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toMatch(/no-store/);
    expect(preview.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(preview.headers.get("x-cache")).not.toBe("HIT");
    const html = await preview.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain("Draft preview: only you can see this post");
    // The admin's view was not kept for the public.
    expect((await visitor.get(`/blog/${post.slug}`)).status).toBe(404);
    // The image endpoint and the JSON API keep the draft private too.
    expect((await visitor.get(`/api/blog/${post.id}`)).status).toBe(404);
  });
});

describe("an edited slug", () => {
  it("moves the post; the old address answers 301 to the new one; a taken slug is 409", async () => {
    const id = unique();
    const post = await createPost(admin, { title: `Sydney's rooftop ${id}` });
    expect(post.slug).toBe(`sydneys-rooftop-${id}`);
    const other = await createPost(admin, { title: `Other ${id}` });
    const body = { title: `Sydney's rooftop ${id}`, author: "A", excerpt: "E", content: "C", category: "tips", published: true };

    const taken = await admin.call("PUT", `/api/blog/${post.id}`, { ...body, slug: other.slug });
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors.slug).toBe("Another post already uses this address");
    expect((await admin.call("PUT", `/api/blog/${post.id}`, { ...body, slug: "Not A Slug" })).status).toBe(400);

    const moved = await admin.call("PUT", `/api/blog/${post.id}`, { ...body, slug: `rooftops-${id}` });
    expect(moved.status).toBe(200);
    expect((await moved.json()).post.slug).toBe(`rooftops-${id}`);
    const old = await fetch(`${server.url}/blog/${post.slug}?ref=x`, { redirect: "manual" });
    expect(old.status).toBe(301);
    // The front cache renders a page with only the query it reads, so the 301 points at the bare new address.
    expect(old.headers.get("location")).toBe(`/blog/rooftops-${id}`);
    expect((await visitor.get(`/blog/rooftops-${id}`)).status).toBe(200);

    // Moving again keeps every old address pointing at the current one; moving back reclaims it.
    await admin.call("PUT", `/api/blog/${post.id}`, { ...body, slug: `rooftops-2-${id}` });
    const first = await fetch(`${server.url}/blog/${post.slug}`, { redirect: "manual" });
    expect(first.headers.get("location")).toBe(`/blog/rooftops-2-${id}`);
    await admin.call("PUT", `/api/blog/${post.id}`, { ...body, slug: post.slug });
    expect((await visitor.get(`/blog/${post.slug}`)).status).toBe(200);
    expect((await fetch(`${server.url}/blog/rooftops-2-${id}`, { redirect: "manual" })).headers.get("location")).toBe(`/blog/${post.slug}`);
    // An unknown slug is still a plain 404.
    expect((await visitor.get(`/blog/never-was-${id}`)).status).toBe(404);
  });

  it("a new post may be given its own slug", async () => {
    const id = unique();
    const post = await createPost(admin, { title: `Anything ${id}`, slug: `chosen-${id}` });
    expect(post.slug).toBe(`chosen-${id}`);
    const again = await admin.call("POST", "/api/blog", {
      title: "X",
      author: "A",
      excerpt: "E",
      content: "C",
      category: "tips",
      slug: `chosen-${id}`,
    });
    expect(again.status).toBe(409);
  });
});

describe("a scheduled post", () => {
  it("stays hidden until its publish date, then appears by itself on the page, the list, the API and search", async () => {
    const id = unique();
    const at = new Date(Date.now() + 3000);
    const post = await createPost(admin, { title: `Scheduled ${id}`, content: `Zebracorn ${id} night`, createdAt: at.toISOString() });
    expect(new Date(post.createdAt).getTime()).toBe(at.getTime());
    const publicList = async () =>
      ((await (await visitor.get("/api/blog")).json()) as { slug: string }[]).some((p) => p.slug === post.slug);
    expect((await visitor.get(`/blog/${post.slug}`)).status).toBe(404);
    expect(await publicList()).toBe(false);
    expect(await (await visitor.get("/blog")).text()).not.toContain(post.title);
    // The admin previews it, marked as scheduled.
    const preview = await admin.get(`/blog/${post.slug}`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Scheduled preview");

    await eventually(async () => (await visitor.get(`/blog/${post.slug}`)).status === 200);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(await publicList()).toBe(true);
    expect(await (await visitor.get("/blog")).text()).toContain(post.title);
    expect(await (await visitor.get(`/search?q=zebracorn`)).text()).toContain(post.title);
  });

  it("keeps updatedAt to the server: a client's value is ignored", async () => {
    const post = await createPost(admin, { title: `Updated ${unique()}` });
    const res = await admin.call("PUT", `/api/blog/${post.id}`, {
      title: post.title,
      author: "A",
      excerpt: "E",
      content: "C",
      category: "tips",
      updatedAt: "2001-01-01T00:00:00Z",
    });
    const saved = (await res.json()).post;
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("alt text", () => {
  it("is used on the post page, its social tags, the cards and the feed", async () => {
    const id = unique();
    const alt = `Neon sign over a bar ${id}`;
    const post = await createPost(admin, { title: `Alt ${id}`, image: "https://images.unsplash.com/photo-1.jpg", imageAlt: alt });
    const page = await (await visitor.get(`/blog/${post.slug}`)).text();
    expect(page).toContain(`alt="${alt}"`);
    expect(page).toContain(`<meta property="og:image:alt" content="${alt}"`);
    expect(await (await visitor.get("/blog")).text()).toContain(`alt="${alt}"`);
    expect(await (await visitor.get("/blog/rss.xml")).text()).toContain(`alt="${alt}"`);
  });
});

describe("the admin's lists", () => {
  it("pages, searches, filters and sorts posts on the server, for the admin only", async () => {
    const id = unique();
    for (let i = 1; i <= 23; i++) await createPost(admin, { title: `Listed ${id} ${String(i).padStart(2, "0")}`, published: i % 5 !== 0 });
    expect((await visitor.get(`/api/admin/posts`)).status).toBe(401);
    const list = async (query: string) =>
      (await (await admin.get(`/api/admin/posts?${query}`)).json()) as {
        items: { title: string; published: boolean }[];
        total: number;
        page: number;
        pageCount: number;
        counts: Record<string, number>;
      };
    const first = await list(`q=${id}`);
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 2, counts: { all: 23, draft: 4, published: 19, scheduled: 0 } });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.title).toBe(`Listed ${id} 23`);
    const second = await list(`q=${id}&page=2`);
    expect(second.items.map((p) => p.title)).toEqual([`Listed ${id} 03`, `Listed ${id} 02`, `Listed ${id} 01`]);
    expect((await list(`q=${id}&sort=title`)).items[0]!.title).toBe(`Listed ${id} 01`);
    const drafts = await list(`q=${id}&status=draft`);
    expect(drafts.items.map((p) => p.published)).toEqual([false, false, false, false]);
    // Odd values fall back instead of failing.
    expect((await admin.get(`/api/admin/posts?page=-3&sort=sideways&status=x`)).status).toBe(200);
  });

  it("pages and searches submissions in the database; a note and a delete are audited", async () => {
    const id = unique();
    for (let i = 1; i <= 22; i++)
      expect(
        (await createSubmission(server, { subject: `Ask ${id} ${i}`, message: i === 7 ? `Needle${id}` : "hello" }, `10.9.${i}.1`)).status,
      ).toBe(201);
    type Page = {
      items: { id: number; subject: string; internalNote: string | null }[];
      total: number;
      pageCount: number;
      counts: Record<string, number>;
    };
    const list = async (query: string) => (await (await admin.get(`/api/admin/contact-submissions?page=1&${query}`)).json()) as Page;
    const all = await list(`q=Ask%20${id}`);
    expect(all).toMatchObject({ total: 22, pageCount: 2, counts: { all: 22, unresolved: 22, resolved: 0 } });
    expect(all.items).toHaveLength(20);
    expect(all.items[0]!.subject).toBe(`Ask ${id} 22`);
    expect((await list(`q=Ask%20${id}&sort=oldest`)).items[0]!.subject).toBe(`Ask ${id} 1`);
    const found = await list(`q=needle${id}`);
    expect(found.items.map((s) => s.subject)).toEqual([`Ask ${id} 7`]);
    expect((await list(`q=%25`)).total).toBe(0); // a % is searched for literally

    const target = found.items[0]!;
    const noted = await admin.call("PATCH", `/api/admin/contact-submissions/${target.id}`, { internalNote: "  Called back on Monday " });
    expect((await noted.json()).submission.internalNote).toBe("Called back on Monday");
    expect((await list(`q=called%20back`)).items.map((s) => s.id)).toEqual([target.id]);
    expect((await admin.call("PATCH", `/api/admin/contact-submissions/${target.id}`, {})).status).toBe(400);
    expect((await visitor.call("DELETE", `/api/admin/contact-submissions/${target.id}`)).status).toBe(401);
    expect((await admin.call("DELETE", `/api/admin/contact-submissions/${target.id}`)).status).toBe(200);
    expect((await admin.call("DELETE", `/api/admin/contact-submissions/${target.id}`)).status).toBe(404);
    expect((await list(`q=needle${id}`)).total).toBe(0);
    const html = await (await admin.get("/admin")).text();
    // Audit lines name the record, never what the visitor wrote (docs/privacy.md).
    expect(html).toContain(`Deleted submission #${target.id}`);
    expect(html).toContain(`Noted on submission #${target.id}`);
    expect(html).not.toContain(`Ask ${id} 7`);
    // The unpaged answer the spec's clients read is unchanged: an array.
    expect(Array.isArray(await (await admin.get("/api/admin/contact-submissions")).json())).toBe(true);
  });
});
