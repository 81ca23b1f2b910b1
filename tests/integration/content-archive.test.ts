import fs from "node:fs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, publicApi, type Api } from "../support/api";
import { inviteStaff } from "../support/staff";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Content in and out (issue 23): GET /api/admin/export and POST /api/admin/import, at the HTTP boundary.
 * A site with demo posts and our own additions (an uploaded cover, an image in the text, tag descriptions,
 * a draft, a scheduled post) is exported and imported into an EMPTY second site: the public pages must be
 * the same. Importing again changes nothing. Ghost 4 and 5 exports import with posts, pages, tags, authors.
 */
let source: TestServer;
let target: TestServer;
let sourceAdmin: Api;
let targetAdmin: Api;

beforeAll(async () => {
  [source, target] = await Promise.all([startTestServer(), startTestServer({ env: { SEED_DEMO: "false", CLINK_FAULT_INJECTION: "on" } })]);
  [sourceAdmin, targetAdmin] = await Promise.all([adminApi(source), adminApi(target)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

type Counts = Record<"posts" | "tags" | "authors" | "images", number>;
type Report = {
  success: boolean;
  source: string;
  created: Counts;
  updated: Counts;
  skipped: Counts;
  problems: Array<{ item: string; message: string }>;
};

function importFile(
  server: TestServer,
  admin: Api,
  bytes: Uint8Array,
  name: string,
  type = "application/octet-stream",
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${server.url}/api/admin/import`, { method: "POST", body: form, headers: { cookie: admin.cookie!, ...headers } });
}

async function exportZip(admin: Api, revisions = false): Promise<Uint8Array> {
  const res = await admin.get(`/api/admin/export${revisions ? "?revisions=1" : ""}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="clink-content-\d{4}-\d{2}-\d{2}\.zip"$/);
  return new Uint8Array(await res.arrayBuffer());
}

function manifestOf(zip: Uint8Array) {
  return JSON.parse(strFromU8(unzipSync(zip)["manifest.json"]!)) as {
    counts: Record<string, number>;
    includesRevisions: boolean;
    siteUrl: string;
    format: string;
    version: number;
  };
}

/** The visible text of a page's <main>, without markup, and with each site's own address taken out. */
async function mainText(server: TestServer, path: string): Promise<string> {
  const res = await publicApi(server).get(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
  expect(main, path).not.toBe("");
  return main
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll(server.url, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The page addresses the sitemap lists (paths only: the two sites have their own hosts). */
async function sitemapPaths(server: TestServer): Promise<string[]> {
  return (await sitemapEntries(server)).map((entry) => entry.split(" ")[0]!);
}

/** Each sitemap entry of the blog as "path lastmod" (an imported post keeps when it was last changed). */
async function sitemapEntries(server: TestServer): Promise<string[]> {
  const xml = await (await publicApi(server).get("/sitemap.xml")).text();
  return [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>([^<]+)<\/lastmod>)?/g)]
    .map((m) => `${new URL(m[1]!).pathname} ${m[2] ?? ""}`)
    .sort();
}

async function pngBytes(colour: string, width = 800, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe("export and import of the site's content", () => {
  it("gives an empty site the same public pages, then changes nothing on a second import", async () => {
    // Our own additions to the demo posts: an image in the text, an uploaded cover, a tag description, a draft and a scheduled post.
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await pngBytes("#0ea5e9"))], { type: "image/png" }), "door.png");
    const media = await (
      await fetch(`${source.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: sourceAdmin.cookie! } })
    ).json();
    const cover = (await pngBytes("#e11d48", 600, 300)).toString("base64");
    const pictured = await createPost(sourceAdmin, {
      title: "Export: a post with pictures",
      content: `Before the door.\n\n![A blue door](${media.url})\n\nAfter the door.`,
      imageData: cover,
      imageMimeType: "image/png",
      imageAlt: "A red square",
      tags: ["Export Tag", "Second"],
      metaDescription: "A description for search engines.",
      canonicalUrl: "https://elsewhere.example/original",
    });
    expect((await sourceAdmin.call("POST", "/api/admin/tags", { name: "Export Tag", description: "Posts about leaving." })).status).toBe(
      201,
    );
    await createPost(sourceAdmin, { title: "Export: a draft", published: false });
    await createPost(sourceAdmin, { title: "Export: scheduled", createdAt: new Date(Date.now() + 86_400_000).toISOString() });
    await createPost(sourceAdmin, { title: "Export: hidden from search engines", noindex: true });
    // A post whose address changed: the old one answers 301 on both sites.
    const renamed = await createPost(sourceAdmin, { title: "Export: renamed later" });
    const {
      id: _id,
      slug: oldSlug,
      image: _image,
      imageMimeType: _type,
      updatedAt: _updated,
      ...fields
    } = renamed as unknown as Record<string, unknown>;
    const moved = await sourceAdmin.call("PUT", `/api/blog/${renamed.id}`, {
      ...fields,
      author: "Alex Writer",
      excerpt: "A short excerpt for the card.",
      content: "## Hello\n\nSome **markdown** body.",
      category: "tips",
      slug: "export-renamed-new",
    });
    expect(moved.status).toBe(200);

    const zip = await exportZip(sourceAdmin, true);
    const manifest = manifestOf(zip);
    expect(manifest).toMatchObject({ format: "clink-content", version: 1, includesRevisions: true });
    const sourcePosts = (await (await sourceAdmin.get("/api/admin/posts?status=all")).json()) as { total?: number };
    expect(manifest.counts.posts).toBeGreaterThanOrEqual(5);
    if (sourcePosts.total !== undefined) expect(manifest.counts.posts).toBe(sourcePosts.total);
    expect(manifest.counts.images).toBe(2);
    // Every post written through the editor has at least one revision (the demo posts were seeded without).
    expect(manifest.counts.revisions).toBeGreaterThanOrEqual(4);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["manifest.json", "content.json", `images/${media.hash}`]));
    const content = JSON.parse(strFromU8(files["content.json"]!));
    const archived = content.posts.find((post: { slug: string }) => post.slug === pictured.slug);
    expect(archived).toMatchObject({
      metaDescription: "A description for search engines.",
      canonicalUrl: "https://elsewhere.example/original",
      tags: ["Export Tag", "Second"],
      image: null,
    });
    expect(archived.cover.hash).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(content.tags).toContainEqual({ slug: "export-tag", name: "Export Tag", description: "Posts about leaving." });

    const first = await importFile(target, targetAdmin, zip, "content.zip", "application/zip");
    expect(first.status).toBe(200);
    const report = (await first.json()) as Report;
    expect(report.problems).toEqual([]);
    expect(report.created.posts).toBe(manifest.counts.posts);
    expect(report.created.images).toBe(2);
    expect(report.created.tags).toBe(manifest.counts.tags);
    expect(report.updated).toEqual({ posts: 0, tags: 0, authors: 0, images: 0 });

    // The same public pages: the list, every live post's page, the sitemap.
    expect(await mainText(target, "/blog")).toBe(await mainText(source, "/blog"));
    const paths = await sitemapPaths(source);
    expect(await sitemapPaths(target)).toEqual(paths);
    const blogEntries = (entries: string[]) => entries.filter((entry) => entry.startsWith("/blog/") && !entry.startsWith("/blog/page"));
    expect(blogEntries(await sitemapEntries(target))).toEqual(blogEntries(await sitemapEntries(source)));
    const postPaths = paths.filter((path) => /^\/blog\/[^/]+$/.test(path) && !path.startsWith("/blog/page"));
    expect(postPaths.length).toBeGreaterThanOrEqual(4);
    for (const path of postPaths) expect(await mainText(target, path), path).toBe(await mainText(source, path));
    for (const path of paths.filter((p) => p.startsWith("/blog/tag/") || p.startsWith("/blog/author/")))
      expect(await mainText(target, path), path).toBe(await mainText(source, path));
    const redirect = await fetch(`${target.url}/blog/${oldSlug}`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toMatch(/\/blog\/export-renamed-new$/);
    // The image in the text is served under the same name; the cover too.
    expect((await publicApi(target).get(media.url)).status).toBe(200);
    const targetPost = await (await publicApi(target).get(`/blog/${pictured.slug}`)).text();
    // The cover at Ghost's address (decision record 0054), answering on the new site.
    const coverAddress = targetPost.match(/<img[^>]+src="(\/content\/images\/[^"]*\/posts\/\d+\/[^"]+)"/)?.[1];
    expect(coverAddress).toBeDefined();
    expect((await publicApi(target).get(coverAddress!)).status).toBe(200);
    expect(targetPost).toContain('<link rel="canonical" href="https://elsewhere.example/original"');

    // Twice: everything skipped, and nothing in the database changes (the export's counts, revisions included).
    const before = manifestOf(await exportZip(targetAdmin, true)).counts;
    const second = (await (await importFile(target, targetAdmin, zip, "content.zip", "application/zip")).json()) as Report;
    expect(second.created).toEqual({ posts: 0, tags: 0, authors: 0, images: 0 });
    expect(second.updated).toEqual({ posts: 0, tags: 0, authors: 0, images: 0 });
    expect(second.skipped.posts).toBe(manifest.counts.posts);
    expect(second.skipped.images).toBe(2);
    expect(second.skipped.tags).toBe(manifest.counts.tags);
    expect(manifestOf(await exportZip(targetAdmin, true)).counts).toEqual(before);
  });

  it("updates a post whose text changed since (a new revision), and leaves the rest", async () => {
    const post = await createPost(sourceAdmin, { title: "Export: changes later", content: "The first text." });
    const zip1 = await exportZip(sourceAdmin);
    expect((await importFile(target, targetAdmin, zip1, "a.zip")).status).toBe(200);
    const res = await sourceAdmin.call("PUT", `/api/blog/${post.id}`, {
      title: "Export: changes later",
      author: "Alex Writer",
      excerpt: "A short excerpt for the card.",
      content: "The second text.",
      category: "tips",
      tags: ["one", "two"],
      published: true,
      slug: post.slug,
      createdAt: post.createdAt,
    });
    expect(res.status).toBe(200);
    const report = (await (await importFile(target, targetAdmin, await exportZip(sourceAdmin), "b.zip")).json()) as Report;
    expect(report.updated.posts).toBe(1);
    expect(report.created.posts).toBe(0);
    expect(await mainText(target, `/blog/${post.slug}`)).toContain("The second text.");
  });
});

describe("Ghost exports", () => {
  it("lands whole or not at all: a failure part-way (an audit line) leaves no tag, post or revision behind", async () => {
    const bytes = fs.readFileSync("tests/fixtures/ghost/ghost-5.json");
    for (const fault of ["audit", "blog.revision", "job"]) {
      const res = await importFile(target, targetAdmin, bytes, "ghost-5.json", "application/json", { "x-clink-faults": fault });
      expect(res.status, fault).toBe(500);
    }
    expect((await publicApi(target).get("/blog/lexical-only-autumn-market")).status).toBe(404);
    expect((await publicApi(target).get("/blog/tag/ghost-five-picks")).status).toBe(404);
    const tags = (await (await targetAdmin.get("/api/admin/tags")).json()) as Array<{ slug: string }>;
    expect(tags.map((tag) => tag.slug)).not.toContain("ghost-five-picks");
    // The complete import that follows (below) still creates every post, tag and author: nothing was left over.
  });

  it.each([
    [
      "ghost-4.json",
      ["night-at-the-harbour-bars", "mobiledoc-only-quiet-cafes", "about-this-guide"],
      "draft-winter-programme",
      ["Nightlife", "Ghost Four Guides"],
      ["Maya Lindqvist", "Tom Okafor"],
    ],
    [
      "ghost-5.json",
      ["lexical-only-autumn-market", "with-html-jazz-night", "contact"],
      "draft-new-year-plans",
      ["Events", "Ghost Five Picks"],
      ["Jonas Weber"],
    ],
  ])("imports %s with its posts, pages, drafts, tags and authors, once", async (file, published, draft, tags, authors) => {
    const bytes = fs.readFileSync(`tests/fixtures/ghost/${file}`);
    const res = await importFile(target, targetAdmin, bytes, file, "application/json");
    expect(res.status).toBe(200);
    const report = (await res.json()) as Report;
    expect(report).toMatchObject({ source: "ghost", problems: [] });
    expect(report.created.posts).toBe(published.length + 1);
    expect(report.created.tags).toBe(tags.length);
    expect(report.created.authors).toBe(authors.length);
    for (const slug of published) expect((await publicApi(target).get(`/blog/${slug}`)).status, slug).toBe(200);
    // A draft stays a draft.
    expect((await publicApi(target).get(`/blog/${draft}`)).status).toBe(404);
    const admin = await (await targetAdmin.get(`/api/admin/posts?q=${draft}&status=draft`)).json();
    expect(JSON.stringify(admin)).toContain(draft);
    for (const tag of tags) expect(await mainText(target, `/blog/tag/${tag.toLowerCase().replace(/\s+/g, "-")}`)).toContain(tag);
    for (const author of authors)
      expect(await mainText(target, `/blog/author/${author.toLowerCase().replace(/\s+/g, "-")}`)).toContain(author);
    // Dates as they were.
    const first = await (await publicApi(target).get(`/blog/${published[0]}`)).text();
    expect(first).toMatch(file === "ghost-4.json" ? /2021-03-03T20:00:00/ : /2023-09-10T18:00:00/);

    const again = (await (await importFile(target, targetAdmin, bytes, file, "application/json")).json()) as Report;
    expect(again.created).toEqual({ posts: 0, tags: 0, authors: 0, images: 0 });
    expect(again.updated).toEqual({ posts: 0, tags: 0, authors: 0, images: 0 });
    expect(again.skipped.posts).toBe(published.length + 1);
  });

  it("credits a Ghost author to the staff member with the same e-mail", async () => {
    const ghost = JSON.parse(fs.readFileSync("tests/fixtures/ghost/ghost-5.json", "utf8"));
    const data = ghost.db[0].data;
    data.users[0].email = "ghost-staff@test.clink.app";
    data.posts = [{ ...data.posts[1], slug: "staff-credited-jazz", id: "65b0000000000000000000f1" }];
    data.posts_authors = [{ id: "x", post_id: "65b0000000000000000000f1", author_id: data.users[0].id, sort_order: 0 }];
    data.posts_tags = [];
    const member = await inviteStaff(target, targetAdmin, "ghost-staff@test.clink.app", "author", "Jonas Weber");
    const report = (await (await importFile(target, targetAdmin, strToU8(JSON.stringify(ghost)), "g.json")).json()) as Report;
    expect(report.created.posts).toBe(1);
    expect(report.skipped.authors).toBe(1);
    const list = await (await targetAdmin.get("/api/admin/posts?q=staff-credited-jazz")).json();
    expect(JSON.stringify(list)).toContain(`"authorId":${member.id}`);
  });
});

describe("refusals", () => {
  it("answers 413 for a file over the limit, 415 for neither kind, 400 for a broken one, never 500", async () => {
    const big = new Uint8Array(50 * 1024 * 1024 + 10);
    const tooBig = await importFile(target, targetAdmin, big, "big.zip");
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toMatch(/too large/);

    for (const [bytes, name] of [
      [strToU8("title,body\na,b\n"), "posts.csv"],
      [strToU8(JSON.stringify({ posts: [] })), "not-ghost.json"],
      [await pngBytes("#000000", 10, 10), "picture.png"],
    ] as const) {
      const res = await importFile(target, targetAdmin, bytes, name);
      expect(res.status, name).toBe(415);
      expect((await res.json()).message).toMatch(/archive|Ghost/);
    }

    const cases: Array<[Uint8Array, RegExp]> = [
      [strToU8('{"db": [{"meta": {"version": "5.0.0"}, "data": {"posts": [{"title": "no slug"}]}}'), /not valid JSON/],
      [
        strToU8(JSON.stringify({ db: [{ meta: { version: "5.0.0" }, data: { posts: [{ title: "no slug" }] } }] })),
        /Ghost export.*posts\.0\./,
      ],
      [zipSync({ "readme.txt": strToU8("hello") }), /no manifest\.json/],
      [zipSync({ "manifest.json": strToU8("{}"), "content.json": strToU8("{}") }), /manifest\.json is not in the expected shape/],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), /not a readable zip/],
    ];
    for (const [bytes, message] of cases) {
      const res = await importFile(target, targetAdmin, bytes, "broken");
      expect(res.status, String(message)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    // No file, and a body that is not multipart.
    const empty = await fetch(`${target.url}/api/admin/import`, {
      method: "POST",
      body: new FormData(),
      headers: { cookie: targetAdmin.cookie! },
    });
    expect(empty.status).toBe(400);
    expect((await targetAdmin.call("POST", "/api/admin/import", { file: "x" })).status).toBe(415);
  });

  it("refuses an archive image whose bytes do not match its name, and imports the rest", async () => {
    const zip = await exportZip(sourceAdmin);
    const files = unzipSync(zip);
    const content = JSON.parse(strFromU8(files["content.json"]!));
    const media = content.images.find((image: { kind: string }) => image.kind === "media");
    files[`images/${media.hash}`] = new Uint8Array(await pngBytes("#123456", 20, 20));
    content.posts = [];
    files["content.json"] = strToU8(JSON.stringify(content));
    const report = (await (await importFile(source, sourceAdmin, zipSync(files), "tampered.zip")).json()) as Report;
    expect(report.problems).toContainEqual({ item: `image ${media.hash}`, message: `The image ${media.hash} does not match its name` });
  });

  it("refuses the import and the export to every role below administrator", async () => {
    const editor = await inviteStaff(target, targetAdmin, "editor-import@test.clink.app", "editor");
    expect((await importFile(target, editor, strToU8("{}"), "x.json")).status).toBe(403);
    expect((await editor.get("/api/admin/export")).status).toBe(403);
    expect((await publicApi(target).get("/api/admin/export")).status).toBe(401);
  });
});
