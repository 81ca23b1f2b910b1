import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import robotsParser from "robots-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, postInput, publicApi, type Api } from "../support/api";
import { readRows } from "../support/database-rows";
import { eventually } from "../support/eventually";
import { inviteStaff } from "../support/staff";
import { startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The redirects manager (issue 34, decision record 0037) at the HTTP boundary: a rule answers before the
 * front cache, loops are refused naming them, CSV round-trips, Ghost's redirects.json imports, a renamed
 * tag keeps its old address, several instances on one PostgreSQL see the same rules, 410, hit counts,
 * the feed addresses, and robots.txt read alike by a longest-match and a first-match parser.
 */
const SITE = "http://localhost:3000";
const env = { SEED_DEMO: "false" };
let server: TestServer;
let second: TestServer | undefined;
let admin: Api;
let anonymous: Api;

beforeAll(async () => {
  server = await startTestServer({ env });
  admin = await adminApi(server);
  anonymous = publicApi(server);
});
afterAll(async () => {
  await second?.stop();
  await server?.stop();
});

type Row = { id: number; from: string; to: string; status: number; automatic: boolean; hits: number; lastHitAt: string | null };
const raw = (base: TestServer | Api, path: string, init: RequestInit = {}) => fetch(`${base.url}${path}`, { redirect: "manual", ...init });
const add = (rule: Record<string, unknown>) => admin.call("POST", "/api/admin/redirects", rule);
const list = async (): Promise<Row[]> => ((await (await admin.get("/api/admin/redirects")).json()) as { redirects: Row[] }).redirects;
async function clear() {
  for (const row of await list()) expect((await admin.call("DELETE", `/api/admin/redirects/${row.id}`)).status).toBe(200);
}

describe("the redirects API", () => {
  it("is for editors and up: 401 without a session, 403 for an author", async () => {
    expect((await anonymous.get("/api/admin/redirects")).status).toBe(401);
    expect((await anonymous.call("POST", "/api/admin/redirects", { from: "/x", to: "/y", status: 301 })).status).toBe(401);
    const author = await inviteStaff(server, admin, "author@redirects.test", "author");
    expect((await author.get("/api/admin/redirects")).status).toBe(403);
    expect((await author.call("POST", "/api/admin/redirects", { from: "/x", to: "/y", status: 301 })).status).toBe(403);
    const editor = await inviteStaff(server, admin, "editor@redirects.test", "editor");
    const made = await editor.call("POST", "/api/admin/redirects", { from: "/by-editor", to: "/about", status: 302 });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as Row;
    expect((await editor.call("DELETE", `/api/admin/redirects/${id}`)).status).toBe(200);
    expect((await editor.call("DELETE", `/api/admin/redirects/${id}`)).status).toBe(404);
  });

  it("answers 400 with a clear message for a bad rule", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ from: "old", to: "/new", status: 301 }, "The address to redirect is a path starting with /, such as /old-page"],
      [{ from: "/old", to: "/new", status: 303 }, "Choose 301, 302, 307, 308 or 410"],
      [{ from: "/old", status: 301 }, "Give the address to send visitors to"],
      [{ from: "/admin", to: "/new", status: 301 }, "Addresses under /admin cannot be redirected"],
      [
        { from: "/old", to: "javascript:alert(1)", status: 301 },
        "The target is a path starting with / or an address starting with https://",
      ],
    ];
    for (const [rule, message] of cases) {
      const res = await add(rule);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });
});

describe("answering", () => {
  it("answers a rule before a page the front cache holds", async () => {
    await raw(server, "/about");
    const cached = await raw(server, "/about");
    expect(cached.status).toBe(200);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect((await add({ from: "/about", to: "/faq", status: 302 })).status).toBe(201);
    const res = await raw(server, "/about?ref=x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/faq?ref=x");
    await clear();
    expect((await raw(server, "/about")).status).toBe(200);
  });

  it("refuses a loop, naming it, and collapses a chain", async () => {
    expect((await add({ from: "/a", to: "/b", status: 301 })).status).toBe(201);
    const loop = await add({ from: "/b", to: "/a", status: 301 });
    expect(loop.status).toBe(400);
    expect(((await loop.json()) as { message: string }).message).toBe("This rule would make a loop: /b -> /a -> /b");
    expect((await add({ from: "/b", to: "/c", status: 301 })).status).toBe(201);
    expect((await list()).map((r) => [r.from, r.to])).toEqual([
      ["/a", "/c"],
      ["/b", "/c"],
    ]);
    expect((await raw(server, "/a")).headers.get("location")).toBe("/c");
    await clear();
  });

  it("answers 410 Gone, prefixes, absolute targets, and counts hits", async () => {
    expect((await add({ from: "/retired", status: 410 })).status).toBe(201);
    expect((await add({ from: "/old-guides/*", to: "/blog/*", status: 308 })).status).toBe(201);
    expect((await add({ from: "/elsewhere", to: "https://example.com/x", status: 307 })).status).toBe(201);
    const gone = await raw(server, "/retired");
    expect(gone.status).toBe(410);
    expect(gone.headers.get("location")).toBeNull();
    expect((await raw(server, "/retired", { method: "HEAD" })).status).toBe(410);
    const prefix = await raw(server, "/old-guides/first-drink");
    expect([prefix.status, prefix.headers.get("location")]).toEqual([308, "/blog/first-drink"]);
    const away = await raw(server, "/elsewhere");
    expect([away.status, away.headers.get("location")]).toEqual([307, "https://example.com/x"]);
    // A POST is not redirected.
    expect((await raw(server, "/retired", { method: "POST" })).status).not.toBe(410);
    await raw(server, "/retired");
    await eventually(async () => {
      const retired = (await list()).find((r) => r.from === "/retired")!;
      expect(retired.hits).toBe(3);
      expect(retired.lastHitAt).not.toBeNull();
    });
    await clear();
  });

  it("sends the addresses feed readers try first to the blog's feed", async () => {
    for (const path of ["/rss.xml", "/rss/", "/feed"]) {
      const res = await raw(server, path);
      expect([path, res.status, res.headers.get("location")]).toEqual([path, 301, "/blog/rss.xml"]);
    }
    expect((await raw(server, "/blog/rss.xml")).status).toBe(200);
  });
});

describe("client navigations (React Router's data requests)", () => {
  it("answer /old.data as React Router reads a redirect: 204 with X-Remix-Redirect and X-Remix-Status, without the router's _routes", async () => {
    expect((await add({ from: "/nav-old", to: "/about", status: 301 })).status).toBe(201);
    expect((await add({ from: "/nav-guides/*", to: "/blog/*", status: 308 })).status).toBe(201);
    expect((await add({ from: "/nav-gone", status: 410 })).status).toBe(201);

    const data = await raw(server, "/nav-old.data?_routes=routes%2Fnot-found&ref=mail");
    expect([data.status, data.headers.get("x-remix-redirect"), data.headers.get("x-remix-status"), data.headers.get("location")]).toEqual([
      204,
      "/about?ref=mail",
      "301",
      null,
    ]);
    expect(await data.text()).toBe("");
    // A trailing slash (React Router asks /a/_.data when trailing slashes matter) and a prefix rule.
    expect((await raw(server, "/nav-old/_.data")).headers.get("x-remix-redirect")).toBe("/about");
    const prefix = await raw(server, "/nav-guides/first-drink.data?_routes=root");
    expect([prefix.status, prefix.headers.get("x-remix-redirect"), prefix.headers.get("x-remix-status")]).toEqual([
      204,
      "/blog/first-drink",
      "308",
    ]);
    // 410 stays 410 with its reason: the client shows it as the page's error.
    const gone = await raw(server, "/nav-gone.data?_routes=root");
    expect([gone.status, gone.headers.get("x-remix-response"), await gone.text()]).toEqual([410, null, "Gone: this page was removed.\n"]);
    // The document requests answer as before; the home page's data and a page without a rule are React Router's.
    expect([(await raw(server, "/nav-old")).status, (await raw(server, "/nav-old")).headers.get("location")]).toEqual([301, "/about"]);
    const root = await raw(server, "/_root.data");
    expect([root.status, root.headers.get("x-remix-response")]).toEqual([200, "yes"]);
    const about = await raw(server, "/about.data");
    expect([about.status, about.headers.get("x-remix-redirect")]).toEqual([200, null]);
    await clear();
  });
});

describe("crawlers on redirected addresses", () => {
  it("are in the crawler log with the 301 or 410 they were answered, verified or claimed", async () => {
    // Its own site, trusting the test as a proxy: X-Forwarded-For speaks for the crawler's address.
    const own = await startTestServer({ env: { ...env, TRUST_PROXY: "loopback" } });
    try {
      const ownAdmin = await adminApi(own);
      expect((await ownAdmin.call("POST", "/api/admin/redirects", { from: "/old-menu", to: "/faq", status: 301 })).status).toBe(201);
      expect((await ownAdmin.call("POST", "/api/admin/redirects", { from: "/old-events", status: 410 })).status).toBe(201);
      const gptBot = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)";
      // 20.171.206.10 is in OpenAI's published list (verified); 203.0.113.9 only claims to be GPTBot.
      for (const [path, ip] of [
        ["/old-menu", "20.171.206.10"],
        ["/old-menu", "20.171.206.10"],
        ["/old-events", "20.171.206.10"],
        ["/old-menu", "203.0.113.9"],
      ] as const) {
        const res = await raw(own, path, { headers: { "user-agent": gptBot, "x-forwarded-for": ip } });
        expect(res.status).toBe(path === "/old-menu" ? 301 : 410);
      }
      type Activity = { crawler_activity: Record<string, { pages_crawled: number; verified_pages_crawled: number; status: string }> };
      await eventually(async () => {
        const gpt = ((await (await ownAdmin.get("/api/crawler-stats")).json()) as Activity).crawler_activity.GPTBot!;
        expect([gpt.status, gpt.pages_crawled, gpt.verified_pages_crawled]).toEqual(["active", 2, 2]);
      }, 20_000);
    } finally {
      await own.stop();
    }
    const { visits } = await readRows(own, {
      visits: "select verified, path, status, hits from crawler_visits where crawler = 'GPTBot' order by verified desc, path",
    });
    expect(visits).toEqual([
      { verified: true, path: "/old-events", status: 410, hits: 1 },
      { verified: true, path: "/old-menu", status: 301, hits: 2 },
      { verified: false, path: "/old-menu", status: 301, hits: 1 },
    ]);
  });
});

describe("import and export", () => {
  it("round-trips a CSV: exported, cleared, imported, the same rules", async () => {
    const rules = [
      { from: "/one", to: "/about", status: 301 },
      { from: "/two/*", to: "/blog/*", status: 302 },
      { from: "/three", to: "https://example.com/a?b=1,2", status: 308 },
      { from: "/four", to: "", status: 410 },
    ];
    for (const rule of rules) expect((await add(rule)).status).toBe(201);
    const exported = await admin.get("/api/admin/redirects/export");
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const csv = await exported.text();
    expect(csv.split("\r\n")[0]).toBe("from,to,status");
    const before = (await list()).map(({ from, to, status }) => ({ from, to, status }));
    await clear();
    const res = await admin.call("POST", "/api/admin/redirects/import", { format: "csv", content: csv });
    expect(await res.json()).toEqual({ imported: 4, skipped: 0, problems: [] });
    expect((await list()).map(({ from, to, status }) => ({ from, to, status }))).toEqual(before);
    // A bad line is skipped with its reason; a loop too.
    const again = await admin.call("POST", "/api/admin/redirects/import", {
      format: "csv",
      content: "from,to,status\n/five,/six,301\n/six,/five,301\nnope,/x,301\n/one,/x,301\n",
    });
    expect(await again.json()).toEqual({
      imported: 1,
      skipped: 3,
      problems: [
        "Line 3: This rule would make a loop: /six -> /five -> /six",
        "Line 4: The address to redirect is a path starting with /, such as /old-page",
        "Line 5: /one already has a rule",
      ],
    });
    await clear();
  });

  it("imports a file larger than one step as a pass over every rule would: chains across steps collapsed, loops and repeats said", async () => {
    // 520 lines are written in at least three steps (each at most 250 lines, its own transaction).
    const lines = Array.from({ length: 520 }, (_, i) => `/imp/${i},/imp-target/${i},301`);
    lines.push("/imp-target/5,/final,301", "/final,/imp/5,301", "/imp/7/,/elsewhere,301", "/imp-target/*,/moved/*,308");
    const res = await admin.call("POST", "/api/admin/redirects/import", {
      format: "csv",
      content: ["from,to,status", ...lines].join("\n"),
    });
    expect(await res.json()).toEqual({
      imported: 522,
      skipped: 2,
      problems: ["Line 523: This rule would make a loop: /final -> /imp/5 -> /final", "Line 524: /imp/7/ already has a rule"],
    });
    const rows = new Map((await list()).map((row) => [row.from, row.to]));
    // /imp/5 was written in the first step and re-pointed by line 521; the prefix re-pointed the others.
    expect([rows.get("/imp/5"), rows.get("/imp/6"), rows.get("/imp/519"), rows.get("/imp-target/5")]).toEqual([
      "/final",
      "/moved/6",
      "/moved/519",
      "/final",
    ]);
    const five = await raw(server, "/imp/5");
    expect([five.status, five.headers.get("location")]).toEqual([301, "/final"]);
    const last = await raw(server, "/imp/519?x=1");
    expect([last.status, last.headers.get("location")]).toEqual([301, "/moved/519?x=1"]);
    const ids = (await list()).map((row) => row.id);
    for (let i = 0; i < ids.length; i += 25)
      await Promise.all(ids.slice(i, i + 25).map((id) => admin.call("DELETE", `/api/admin/redirects/${id}`)));
    expect(await list()).toEqual([]);
  });

  it("imports Ghost's redirects.json, refusing patterns it cannot read", async () => {
    const file = JSON.stringify([
      { from: "^/old-post/$", to: "/blog/new-post", permanent: true },
      { from: "^/category/(.*)", to: "/blog/tag/$1", permanent: false },
      { from: "^/(foo|bar)/$", to: "/about", permanent: true },
    ]);
    const res = await admin.call("POST", "/api/admin/redirects/import", { format: "ghost", content: file });
    const report = (await res.json()) as { imported: number; skipped: number; problems: string[] };
    expect(report).toMatchObject({ imported: 2, skipped: 1 });
    expect(report.problems[0]).toMatch(/^Entry 3: "\^\/\(foo\|bar\)\/\$" is a pattern/);
    const post = await raw(server, "/old-post/");
    expect([post.status, post.headers.get("location")]).toEqual([301, "/blog/new-post"]);
    const category = await raw(server, "/category/sydney");
    expect([category.status, category.headers.get("location")]).toEqual([302, "/blog/tag/sydney"]);
    await clear();
  });
});

describe("pages that move", () => {
  it("a renamed tag keeps its old address as a 301, and the old address leaves the sitemap", async () => {
    await createPost(admin, { title: "Rooftop bars", tags: ["Rooftops"] });
    expect(await (await raw(server, "/sitemap.xml")).text()).toContain(`${SITE}/blog/tag/rooftops</loc>`);
    const renamed = await admin.call("PATCH", "/api/admin/tags/rooftops", { name: "Rooftop Bars" });
    expect(renamed.status).toBe(200);
    const old = await raw(server, "/blog/tag/rooftops");
    expect([old.status, old.headers.get("location")]).toEqual([301, "/blog/tag/rooftop-bars"]);
    const feed = await raw(server, "/blog/tag/rooftops/rss.xml");
    expect([feed.status, feed.headers.get("location")]).toEqual([301, "/blog/tag/rooftop-bars/rss.xml"]);
    // The posts' new tag shows within the blog's version check (250 ms), as in the tags' own test.
    await eventually(async () => {
      expect((await raw(server, "/blog/tag/rooftop-bars")).status).toBe(200);
      const sitemap = await (await raw(server, "/sitemap.xml")).text();
      expect(sitemap).toContain(`${SITE}/blog/tag/rooftop-bars</loc>`);
      expect(sitemap).not.toContain(`${SITE}/blog/tag/rooftops</loc>`);
    });
    // Renamed back: no loop, the first name is a page again.
    expect((await admin.call("PATCH", "/api/admin/tags/rooftop-bars", { name: "Rooftops" })).status).toBe(200);
    await eventually(async () => expect((await raw(server, "/blog/tag/rooftops")).status).toBe(200));
    expect((await raw(server, "/blog/tag/rooftop-bars")).headers.get("location")).toBe("/blog/tag/rooftops");
    expect((await list()).every((r) => r.automatic)).toBe(true);
    // A new post tagged with the name renamed away makes that page live again.
    expect((await raw(server, "/blog/tag/rooftop-bars")).status).toBe(301);
    await createPost(admin, { title: "More rooftop bars", tags: ["Rooftop Bars"] });
    await eventually(async () => {
      expect((await raw(server, "/blog/tag/rooftop-bars")).status).toBe(200);
      expect((await raw(server, "/blog/tag/rooftop-bars/rss.xml")).status).toBe(200);
    });
    await clear();
  });

  it("a redirected page leaves the sitemap", async () => {
    expect(await (await raw(server, "/sitemap.xml")).text()).toContain(`${SITE}/faq</loc>`);
    expect((await add({ from: "/faq", to: "/about", status: 301 })).status).toBe(201);
    expect(await (await raw(server, "/sitemap.xml")).text()).not.toContain(`${SITE}/faq</loc>`);
    await clear();
  });
});

describe.skipIf(!usingPostgres())("two instances on one PostgreSQL", () => {
  it("see the same rules: one saved on the first answers on the second at once, deleted there answers no more", async () => {
    // Started here, not with the first: its job runner would take the invitations' mail into its own folder.
    second = await startTestServer({ databaseUrl: server.databaseUrl, env });
    await raw(second!, "/contact");
    expect((await raw(second!, "/contact")).headers.get("x-cache")).toBe("HIT");
    expect((await add({ from: "/contact", to: "/about", status: 302 })).status).toBe(201);
    await eventually(async () => expect((await raw(second!, "/contact")).status).toBe(302), 2000);
    await clear();
    await eventually(async () => expect((await raw(second!, "/contact")).status).toBe(200), 2000);
  });
});

describe("robots.txt", () => {
  it("blocks the admin, the API and the AI admin for a longest-match parser and for Python's first-match urllib.robotparser", async () => {
    const text = await (await raw(server, "/robots.txt")).text();
    const agents = ["Googlebot", "GPTBot", "ClaudeBot", "PerplexityBot", "CCBot", "AnyBrowser"];
    const robots = robotsParser(`${SITE}/robots.txt`, text);
    for (const agent of agents) {
      expect(robots.isAllowed(`${SITE}/blog/a-post`, agent)).toBe(true);
      for (const path of ["/admin", "/ai-admin", "/api/blog"])
        expect(robots.isDisallowed(`${SITE}${path}`, agent), `${agent} ${path}`).toBe(true);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-robots-"));
    const file = path.join(dir, "robots.txt");
    fs.writeFileSync(file, text);
    const script = [
      "import sys, json, urllib.robotparser",
      "rp = urllib.robotparser.RobotFileParser()",
      "rp.parse(open(sys.argv[1]).read().splitlines())",
      "agents = json.loads(sys.argv[2])",
      "paths = ['/', '/blog/a-post', '/admin', '/ai-admin', '/api/blog']",
      "print(json.dumps({a: {p: rp.can_fetch(a, 'http://localhost:3000' + p) for p in paths} for a in agents}))",
    ].join("\n");
    const { stdout } = await promisify(execFile)("python3", ["-c", script, file, JSON.stringify(agents)]);
    fs.rmSync(dir, { recursive: true, force: true });
    const verdicts = JSON.parse(stdout) as Record<string, Record<string, boolean>>;
    for (const agent of agents) {
      expect(verdicts[agent], agent).toEqual({ "/": true, "/blog/a-post": true, "/admin": false, "/ai-admin": false, "/api/blog": false });
    }
  });
});

describe("an author renamed", () => {
  it("keeps the old author page as a 301 once no post carries the old name", async () => {
    const one = await createPost(admin, { title: "Wine bars one", author: "Sam Old" });
    const two = await createPost(admin, { title: "Wine bars two", author: "Sam Old" });
    const rename = async (post: { id: number; title: string }) => {
      const res = await admin.call("PUT", `/api/blog/${post.id}`, postInput({ title: post.title, author: "Sam New" }));
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await rename(one);
    // One post still names Sam Old: both pages are pages.
    await eventually(async () => {
      expect((await raw(server, "/blog/author/sam-old")).status).toBe(200);
      expect((await raw(server, "/blog/author/sam-new")).status).toBe(200);
    });
    await rename(two);
    const old = await raw(server, "/blog/author/sam-old");
    expect([old.status, old.headers.get("location")]).toEqual([301, "/blog/author/sam-new"]);
    const page2 = await raw(server, "/blog/author/sam-old/rss.xml");
    expect(page2.headers.get("location")).toBe("/blog/author/sam-new/rss.xml");
    await clear();
  });
});
