import { describe, expect, it } from "vitest";
import { createPost, publicApi, type Api } from "../support/api";
import { inviteStaff } from "../support/staff";
import { eventually } from "../support/eventually";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";

/**
 * Visitor analytics at the HTTP boundary (issue 32): POST /api/analytics takes the beacon, GET
 * /api/admin/analytics answers the day's figures exactly; bots, prefetches and Sec-GPC are not counted; the
 * same visitor twice in a day counts once; public forms count their goal without the beacon.
 */
let server: TestServer;
let admin: Api;
siteForSuite({ env: { TRUST_PROXY: "loopback", SEED_DEMO: "false" } }, (site) => ({ server, admin } = site));

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const today = () => new Date().toISOString().slice(0, 10);

function beacon(body: unknown, headers: Record<string, string> = {}, type = "application/json"): Promise<Response> {
  return fetch(`${server.url}/api/analytics`, {
    method: "POST",
    headers: { "content-type": type, "user-agent": BROWSER, "x-forwarded-for": "198.51.100.1", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

type Report = {
  visitors: number;
  pageviews: number;
  pages: Array<{ path: string; pageviews: number; visitors: number; aiCrawls: number; aiReferrals: number }>;
  sources: Array<{ name: string; kind: string; visitors: number }>;
  campaigns: Array<{ source: string; medium: string; campaign: string; visitors: number }>;
  goals: Array<{ name: string; count: number }>;
};

async function report(from = today(), to = today()): Promise<Report> {
  const res = await admin.get(`/api/admin/analytics?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}

describe("POST /api/analytics", () => {
  it("answers 400 for a malformed beacon or a path that is no public page, 415 for another type, 202 otherwise", async () => {
    for (const bad of [
      "{",
      "[]",
      JSON.stringify({}),
      JSON.stringify({ path: "about" }),
      JSON.stringify({ path: "/about", goal: "win" }),
      JSON.stringify({ path: "/about", screen: "huge" }),
      JSON.stringify({ path: "/about", extra: 1 }),
    ]) {
      const res = await beacon(bad);
      expect(res.status, bad).toBe(400);
    }
    for (const path of ["/admin", "/no-such-page", "/blog/no-such-post", "/api/analytics"]) {
      const res = await beacon({ path });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/not a public page/);
    }
    // Every page a visitor can open sends its beacon, the post lists and search included (each answered
    // only while it exists, as its route answers 404 otherwise); staff pages never. Sent with Sec-GPC, which
    // is checked after the page: answered, not counted (the figures below stay this suite's own).
    await createPost(admin, { title: "Counted on its lists", author: "Bea Conn", tags: ["Counted Lists"] });
    for (const path of ["/search", "/blog/tag/counted-lists", "/blog/author/bea-conn", "/delete-my-data/verify"]) {
      expect((await beacon({ path }, { "sec-gpc": "1" })).status, path).toBe(202);
    }
    for (const path of [
      "/blog/tag/no-such-tag",
      "/blog/author/nobody-here",
      "/blog/page/2",
      "/blog/tag/counted-lists/page/2",
      "/blog/page/1",
      "/admin/staff",
    ]) {
      expect((await beacon({ path }, { "sec-gpc": "1" })).status, path).toBe(400);
    }
    expect((await beacon({ path: "/about" }, {}, "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await beacon("x".repeat(3000), {}, "text/plain")).status).toBe(413);
    expect((await fetch(`${server.url}/api/analytics`)).status).toBe(405);
  });

  it("keeps the gates of every write though it answers before the framework: cross-site 403, a body past its limit 413, a flood 429", async () => {
    const crossSite = await beacon({ path: "/about" }, { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ success: false, message: "Cross-site requests are not allowed" });
    // A body sent without a length (chunked) is still cut at 2 KB.
    const chunked = await fetch(`${server.url}/api/analytics`, {
      method: "POST",
      headers: { "content-type": "text/plain", "user-agent": BROWSER },
      body: new ReadableStream({
        start: (c) => (c.enqueue(new TextEncoder().encode(JSON.stringify({ path: "/about", ref: "x".repeat(4000) }))), c.close()),
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(chunked.headers.get("x-content-type-options")).toBe("nosniff");
    // 120 a minute per address are taken; past them, 429 with Retry-After (a bot's: answered, never counted).
    const bot = {
      "x-forwarded-for": "203.0.113.77",
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    };
    const flood = [];
    for (let i = 0; i < 125; i++) flood.push((await beacon({ path: "/about" }, bot)).status);
    expect(flood.filter((s) => s === 202)).toHaveLength(120);
    const refused = await beacon({ path: "/about" }, bot);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts page views, distinct visitors, sources, campaigns, goals and the AI join exactly; excludes bots, prefetches and Sec-GPC", async () => {
    // A verified AI crawler (GPTBot from OpenAI's published range) reads /faq twice.
    const gptbot = {
      "user-agent": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
      "x-forwarded-for": "20.171.206.10",
    };
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/faq`, { headers: gptbot })).status).toBe(200);

    const sent = [
      // ChatGPT sends a visitor to /faq (referrer), and another through its utm_source.
      beacon({ path: "/faq", ref: "chatgpt.com", screen: "mobile" }, { "x-forwarded-for": "198.51.100.10" }),
      beacon({ path: "/faq", utm_source: "chatgpt.com" }, { "x-forwarded-for": "198.51.100.11" }, "text/plain;charset=UTF-8"),
      // Google sends one to /about, who then reads /faq inside the site (no new source) and presses App Store.
      beacon({ path: "/about", ref: "www.google.com" }, { "x-forwarded-for": "198.51.100.12" }),
      beacon({ path: "/faq", ref: new URL(server.url).host }, { "x-forwarded-for": "198.51.100.12" }),
      beacon({ path: "/about", goal: "app-store" }, { "x-forwarded-for": "198.51.100.12" }),
      // A campaign link, read twice by the same visitor the same day: two page views, one visitor.
      beacon({ path: "/", utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" }, { "x-forwarded-for": "198.51.100.13" }),
      beacon({ path: "/", utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" }, { "x-forwarded-for": "198.51.100.13" }),
      // Not counted: a crawler, a headless browser, prefetches, Global Privacy Control.
      beacon({ path: "/", ref: "chatgpt.com" }, { "user-agent": gptbot["user-agent"], "x-forwarded-for": "198.51.100.20" }),
      beacon(
        { path: "/", ref: "chatgpt.com" },
        { "user-agent": "Mozilla/5.0 HeadlessChrome/140.0.0.0 Safari/537.36", "x-forwarded-for": "198.51.100.21" },
      ),
      beacon({ path: "/", ref: "chatgpt.com" }, { "sec-purpose": "prefetch", "x-forwarded-for": "198.51.100.22" }),
      beacon({ path: "/", ref: "chatgpt.com" }, { purpose: "prefetch", "x-forwarded-for": "198.51.100.23" }),
      beacon({ path: "/", ref: "chatgpt.com" }, { "sec-gpc": "1", "x-forwarded-for": "198.51.100.24" }),
    ];
    for (const res of sent) expect((await res).status).toBe(202);

    // The crawler log writes its visits within a second (its own batched writer).
    let r = await report();
    await eventually(async () => {
      r = await report();
      expect(r.pages.find((p) => p.path === "/faq")?.aiCrawls).toBe(2);
    });
    expect({ visitors: r.visitors, pageviews: r.pageviews }).toEqual({ visitors: 4, pageviews: 6 });
    expect(r.pages).toEqual([
      { path: "/faq", pageviews: 3, visitors: 3, aiCrawls: 2, aiReferrals: 2 },
      { path: "/", pageviews: 2, visitors: 1, aiCrawls: 0, aiReferrals: 0 },
      { path: "/about", pageviews: 1, visitors: 1, aiCrawls: 0, aiReferrals: 0 },
    ]);
    expect(r.sources).toEqual([
      { name: "ChatGPT", kind: "ai", visitors: 2 },
      { name: "E-mail", kind: "email", visitors: 1 },
      { name: "Google", kind: "search", visitors: 1 },
    ]);
    expect(r.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1 }]);
    expect(r.goals.find((g) => g.name === "app-store")).toEqual({ name: "app-store", count: 1 });
    expect(r.goals.map((g) => g.name)).toEqual([
      "app-store",
      "google-play",
      "signup",
      "contact",
      "advertise",
      "deletion",
      "get-ios",
      "get-android",
      "get-desktop",
    ]);
  });

  it("bounds what one client adds to a page: a few page views a minute, the rest answered alike and not counted", async () => {
    const before = (await report()).pages.find((p) => p.path === "/venue-map")?.pageviews ?? 0;
    for (let i = 0; i < 20; i++) expect((await beacon({ path: "/venue-map" }, { "x-forwarded-for": "198.51.100.30" })).status).toBe(202);
    const after = (await report()).pages.find((p) => p.path === "/venue-map")?.pageviews ?? 0;
    expect(after - before).toBe(3);
  });
});

describe("goals of public forms", () => {
  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": BROWSER, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const goal = async (name: string) => (await report()).goals.find((g) => g.name === name)?.count;

  it("counts a form sent without JavaScript on the server, once it is accepted, and not with Sec-GPC", async () => {
    const contact = { name: "Lee", email: "lee@example.com", inquiryType: "careers", subject: "Jobs", message: "Hiring?" };
    expect((await postForm("/contact", contact, { "x-forwarded-for": "198.51.100.40" })).status).toBe(200);
    expect((await postForm("/contact", contact, { "x-forwarded-for": "198.51.100.41", "sec-gpc": "1" })).status).toBe(200);
    expect((await postForm("/contact", { ...contact, email: "lee@" }, { "x-forwarded-for": "198.51.100.42" })).status).toBe(400);
    const ad = {
      companyName: "Form Bar Co",
      contactName: "Alex Form",
      email: "alex@formbar.example",
      phone: "555 0100",
      website: "https://formbar.example",
      budget: "$5,000-$10,000",
      message: "We want to reach people near our bar.",
    };
    expect((await postForm("/advertise", ad, { "x-forwarded-for": "198.51.100.43" })).status).toBe(200);
    expect(await goal("contact")).toBe(1);
    expect(await goal("advertise")).toBe(1);
  });
});

describe("an author's view", () => {
  it("shows only the author's own posts' pages, and no site-wide sources, campaigns or goals", async () => {
    const author = await inviteStaff(server, admin, "writer@analytics.example", "author");
    const own = await createPost(author, { published: true });
    const others = await createPost(admin, { published: true });
    for (const post of [own, others])
      expect((await beacon({ path: `/blog/${post.slug}`, ref: "claude.ai" }, { "x-forwarded-for": "198.51.100.60" })).status).toBe(202);
    const res = await author.get(`/api/admin/analytics?from=${today()}&to=${today()}`);
    expect(res.status).toBe(200);
    const r = (await res.json()) as Report & { ownPostsOnly: boolean };
    expect(r.ownPostsOnly).toBe(true);
    expect(r.pages).toEqual([{ path: `/blog/${own.slug}`, pageviews: 1, visitors: 1, aiCrawls: 0, aiReferrals: 1 }]);
    expect({ visitors: r.visitors, pageviews: r.pageviews, sources: r.sources, campaigns: r.campaigns, goals: r.goals }).toEqual({
      visitors: 1,
      pageviews: 1,
      sources: [],
      campaigns: [],
      goals: [],
    });
  });
});

describe("GET /api/admin/analytics", () => {
  it("answers 401 anonymous and 400 for a bad range", async () => {
    expect((await publicApi(server).get(`/api/admin/analytics?from=${today()}&to=${today()}`)).status).toBe(401);
    for (const q of [
      "from=2026-13-01&to=2026-12-01",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-05-02&to=2026-05-01",
      "from=yesterday",
      "from=2020-01-01&to=2026-01-01",
    ]) {
      expect((await admin.get(`/api/admin/analytics?${q}`)).status, q).toBe(400);
    }
  });
});
