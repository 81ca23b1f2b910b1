import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, type Api } from "../support/api";
import { inviteStaff } from "../support/staff";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Funnels and "What it brought" at the HTTP boundary (issue 50, part B): visits are real beacons sent to
 * POST /api/analytics, each visitor its own address and user agent (so its own visitor of the day); a funnel's
 * figures equal the hand count of those visits, with visitors who skip a step, do steps in the wrong order, or
 * come back the next day (the same site started again a day later, its clock moved as faketime does).
 */
const ENV = { TRUST_PROXY: "loopback", SEED_DEMO: "false" };
let server: TestServer;
let admin: Api;
let post = "";
let other = "";

beforeAll(async () => {
  server = await startTestServer({ env: ENV });
  admin = await adminApi(server);
  post = `/blog/${(await createPost(admin, { title: "Where the funnel goes" })).slug}`;
  other = `/blog/${(await createPost(admin, { title: "Another stop of the funnel" })).slug}`;
});
afterAll(async () => {
  await server?.stop();
});

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const agent = (who: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${who}.0 Safari/537.36`;

type Step = { path: string; goal?: string; city?: string; utm_source?: string; utm_campaign?: string; screen?: string };

/** One visitor's steps in order: the first page view comes from outside (no referrer), later ones from the site. */
async function visit(who: number, steps: Step[]): Promise<void> {
  let first = true;
  for (const { screen = "desktop", ...step } of steps) {
    const body = step.goal ? step : { ...step, screen, ...(first ? {} : { ref: new URL(server.url).host }) };
    if (!step.goal) first = false;
    const res = await fetch(`${server.url}/api/analytics`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": agent(who), "x-forwarded-for": `203.0.113.${who}` },
      body: JSON.stringify(body),
    });
    expect(res.status, JSON.stringify(body)).toBe(202);
  }
}

type Figures = { steps: Array<{ label: string; visitors: number; dropOff: number; conversion: number; conversionFromPrevious: number }> };

async function figures(id: number, query: string): Promise<number[]> {
  const res = await admin.get(`/api/admin/analytics/funnels/${id}?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as Figures).steps.map((s) => s.visitors);
}

describe("funnels", () => {
  it("refuses a bad funnel with a 400 naming the field, and an unknown one with a 404", async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ name: "x", steps: [{ page: "/" }, { goal: "win" }] }, /steps\[1\]\.goal must be one of .*signup/],
      [{ name: "x", steps: [{ page: "blog" }, { goal: "signup" }] }, /steps\[0\]\.page must be a path/],
      [{ name: "x", steps: [{ page: "/blog/*/x" }, { goal: "signup" }] }, /steps\[0\]\.page/],
      [{ name: "x", steps: [{ page: "/", goal: "signup" }, { goal: "signup" }] }, /steps\[0\] must have either page or goal/],
      [{ name: "x", steps: [{ page: "/" }] }, /steps: a funnel has 2 to 8 steps/],
      [{ name: "x", steps: Array.from({ length: 9 }, () => ({ page: "/" })) }, /steps: a funnel has 2 to 8 steps/],
      [{ name: "", steps: [{ page: "/" }, { page: "/faq" }] }, /^name/],
      [{ steps: [{ page: "/" }, { page: "/faq" }] }, /^name/],
    ];
    for (const [body, message] of bad) {
      const res = await admin.call("POST", "/api/admin/analytics/funnels", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const made = await admin.call("POST", "/api/admin/analytics/funnels", { name: "Filters", steps: [{ page: "/" }, { page: "/faq" }] });
    const { id } = (await made.json()) as { id: number };
    for (const [query, field] of [
      ["device=huge", "device"],
      ["page=faq", "page"],
      ["from=2026-02-30", "date"],
      [`from=${day(1)}&to=${day()}`, "from"],
    ] as const) {
      const res = await admin.get(`/api/admin/analytics/funnels/${id}?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toContain(field);
    }
    expect((await admin.get("/api/admin/analytics/funnels/99999")).status).toBe(404);
    expect((await admin.call("DELETE", "/api/admin/analytics/funnels/99999")).status).toBe(404);
    expect((await admin.call("DELETE", `/api/admin/analytics/funnels/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/analytics/funnels/${id}`)).status).toBe(404);
  });

  it("lets editors and up define, read and delete funnels, and no author (the Analytics API's site-wide figures)", async () => {
    const editor = await inviteStaff(server, admin, "funnel-editor@test.clink.app", "editor");
    const author = await inviteStaff(server, admin, "funnel-author@test.clink.app", "author");
    const body = { name: "Editor's funnel", steps: [{ page: "/blog/*" }, { goal: "app-store" }] };
    const made = await editor.call("POST", "/api/admin/analytics/funnels", body);
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const listed = (await (await editor.get("/api/admin/analytics/funnels")).json()) as {
      funnels: Array<{ id: number; name: string; steps: unknown }>;
    };
    expect(listed.funnels.find((f) => f.id === id)).toMatchObject({ name: "Editor's funnel", steps: body.steps });
    expect((await editor.get(`/api/admin/analytics/funnels/${id}`)).status).toBe(200);
    expect((await editor.get("/api/admin/analytics/brought")).status).toBe(200);

    // An author reads their own posts' figures only (GET /api/admin/analytics): funnels are site-wide.
    expect((await author.get("/api/admin/analytics")).status).toBe(200);
    expect((await author.call("POST", "/api/admin/analytics/funnels", body)).status).toBe(403);
    for (const path of [
      "/api/admin/analytics/funnels",
      `/api/admin/analytics/funnels/${id}`,
      "/api/admin/analytics/brought",
      "/api/admin/analytics/brought.csv",
    ]) {
      expect((await author.get(path)).status, path).toBe(403);
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(401);
    }
    expect((await author.call("DELETE", `/api/admin/analytics/funnels/${id}`)).status).toBe(403);
    expect((await editor.call("DELETE", `/api/admin/analytics/funnels/${id}`)).status).toBe(204);
  });

  it("counts each step's visitors of the day exactly as a hand count of the visits, over days and filters; 'What it brought' and its CSV too", async () => {
    const made = await admin.call("POST", "/api/admin/analytics/funnels", {
      name: "Home, blog, App Store",
      steps: [{ page: "/" }, { page: "/blog/*" }, { goal: "app-store" }],
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const today = day();
    const tomorrow = day(1);

    // Today. Step 1 "/", step 2 "/blog/*", step 3 the App Store button.
    await visit(1, [{ path: "/" }, { path: post }, { path: post, goal: "app-store" }]); // 3
    await visit(2, [{ path: "/" }, { path: post }, { path: post, goal: "google-play" }]); // 2 (another goal)
    await visit(3, [{ path: "/" }]); // 1
    await visit(4, [{ path: "/" }, { path: "/", goal: "app-store" }]); // 1: skips the blog
    await visit(5, [{ path: post }, { path: "/" }, { path: "/", goal: "app-store" }]); // 1: the blog before home
    await visit(6, [{ path: other }, { path: "/" }, { path: post }, { path: post, goal: "app-store" }]); // 3: home, then the blog again
    await visit(7, [{ path: "/" }, { path: other }]); // 2 today, and presses the button tomorrow
    await visit(8, [{ path: "/" }]); // 1 today, the whole funnel tomorrow
    await visit(9, [
      { path: "/", utm_source: "tiktok", utm_campaign: "launch", screen: "mobile" },
      { path: post, screen: "mobile" },
      { path: post, goal: "app-store", city: "Sydney" },
    ]); // 3
    await visit(10, [{ path: "/faq" }, { path: post, goal: "app-store" }]); // 0: never home
    // 11 lands on /about, whose page view is written (a report flushes the batch) before the press comes.
    await visit(11, [{ path: "/about" }]);
    expect((await admin.get(`/api/admin/analytics?from=${today}&to=${today}`)).status).toBe(200);
    await visit(11, [{ path: post, goal: "google-play" }]); // 0, and "What it brought" finds /about in the table
    expect(await figures(id, `from=${today}&to=${today}`)).toEqual([9, 5, 3]);

    const answer = (await (await admin.get(`/api/admin/analytics/funnels/${id}?from=${today}&to=${today}`)).json()) as Figures;
    expect(answer.steps).toEqual([
      { label: "/", step: { page: "/" }, visitors: 9, dropOff: 0, conversion: 1, conversionFromPrevious: 1 },
      { label: "/blog/*", step: { page: "/blog/*" }, visitors: 5, dropOff: 4, conversion: 0.5556, conversionFromPrevious: 0.5556 },
      { label: "App Store", step: { goal: "app-store" }, visitors: 3, dropOff: 2, conversion: 0.3333, conversionFromPrevious: 0.6 },
    ]);
    // Filters: a visitor counts when their day had it.
    expect(await figures(id, `from=${today}&to=${today}&source=TikTok`)).toEqual([1, 1, 1]);
    expect(await figures(id, `from=${today}&to=${today}&source=tiktok&campaign=launch&device=mobile`)).toEqual([1, 1, 1]);
    expect(await figures(id, `from=${today}&to=${today}&campaign=other`)).toEqual([0, 0, 0]);
    expect(await figures(id, `from=${today}&to=${today}&device=desktop`)).toEqual([8, 4, 2]);
    expect(await figures(id, `from=${today}&to=${today}&page=/blog/*`)).toEqual([6, 5, 3]); // 1, 2, 5, 6, 7, 9 read the blog
    expect(await figures(id, `from=${today}&to=${today}&page=${other}`)).toEqual([2, 2, 1]); // 6 and 7

    // Tomorrow: the same site, its clock a day on (the visitors' hashes are new ones).
    expect(await server.stop()).toBe(0);
    server = await startTestServer({ env: ENV, dataDir: server.dataDir, databaseUrl: server.databaseUrl, faketime: "+1d" });
    admin = await adminApi(server);
    await visit(7, [{ path: post, goal: "app-store" }]); // 0 tomorrow: no home page that day
    await visit(8, [{ path: "/" }, { path: post }, { path: post, goal: "app-store" }]); // 3
    expect(await figures(id, `from=${tomorrow}&to=${tomorrow}`)).toEqual([1, 1, 1]);
    expect(await figures(id, `from=${today}&to=${tomorrow}`)).toEqual([10, 6, 4]);
    expect(await figures(id, `from=${today}&to=${today}`)).toEqual([9, 5, 3]);
    // Yesterday is over (15 minutes after midnight): its figures were kept at the first read, and read back the same.
    if (Date.now() % 86_400_000 > 20 * 60_000) {
      const kept = (await (
        await admin.get(`/api/admin/analytics/funnels/${id}?from=${today}&to=${tomorrow}&device=desktop`)
      ).json()) as Figures & { keptDays: number };
      const again = (await (
        await admin.get(`/api/admin/analytics/funnels/${id}?from=${today}&to=${tomorrow}&device=desktop`)
      ).json()) as Figures & { keptDays: number };
      expect([kept.keptDays, again.keptDays]).toEqual([0, 1]);
      expect(again.steps.map((s) => s.visitors)).toEqual(kept.steps.map((s) => s.visitors));
      expect(again.steps.map((s) => s.visitors)).toEqual([9, 5, 3]); // 8, 4, 2 today and visitor 8 tomorrow
    }

    // What it brought: each press with its visitor's landing page (the day's first page view), source and campaign.
    type Row = {
      platform: string;
      via: string;
      source: string;
      campaign: string;
      landing: string;
      city: string;
      count: number;
      visitors: number;
    };
    const brought = (await (await admin.get(`/api/admin/analytics/brought?from=${today}&to=${tomorrow}`)).json()) as { rows: Row[] };
    const ios = { platform: "iOS", via: "App Store button" };
    expect(brought.rows).toEqual(
      expect.arrayContaining([
        { goal: "app-store", ...ios, source: "Direct", campaign: "", landing: "/", city: "", count: 3, visitors: 3 }, // 1, 4, 8 (tomorrow)
        { goal: "app-store", ...ios, source: "Direct", campaign: "", landing: post, city: "", count: 1, visitors: 1 }, // 5
        { goal: "app-store", ...ios, source: "Direct", campaign: "", landing: other, city: "", count: 1, visitors: 1 }, // 6
        { goal: "app-store", ...ios, source: "Direct", campaign: "", landing: "/faq", city: "", count: 1, visitors: 1 }, // 10
        { goal: "app-store", ...ios, source: "", campaign: "", landing: post, city: "", count: 1, visitors: 1 }, // 7 tomorrow: the press alone
        { goal: "app-store", ...ios, source: "TikTok", campaign: "launch", landing: "/", city: "Sydney", count: 1, visitors: 1 }, // 9
        {
          goal: "google-play",
          platform: "Android",
          via: "Google Play button",
          source: "Direct",
          campaign: "",
          landing: "/",
          city: "",
          count: 1,
          visitors: 1,
        }, // 2
        {
          goal: "google-play",
          platform: "Android",
          via: "Google Play button",
          source: "Direct",
          campaign: "",
          landing: "/about",
          city: "",
          count: 1,
          visitors: 1,
        }, // 11
      ]),
    );
    expect(brought.rows).toHaveLength(8);
    expect(brought.rows[0]).toMatchObject({ landing: "/", count: 3 });

    const csv = await admin.get(`/api/admin/analytics/brought.csv?from=${today}&to=${tomorrow}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="what-it-brought-${today}_${tomorrow}.csv"`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Platform,Via,Source,Campaign,Landing page,City,Count,Visitors");
    expect(lines).toContain("iOS,App Store button,TikTok,launch,/,Sydney,1,1");
    expect(lines).toContain("Android,Google Play button,Direct,,/,,1,1");
    expect(lines).toHaveLength(9);
  });

  it("takes a city with a goal only, bounded", async () => {
    const beacon = (body: unknown) =>
      fetch(`${server.url}/api/analytics`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": agent(99), "x-forwarded-for": "203.0.113.99" },
        body: JSON.stringify(body),
      });
    for (const body of [
      { path: "/", city: "Sydney" },
      { path: "/", goal: "app-store", city: "x".repeat(81) },
      { path: "/", goal: "app-store", city: "<script>" },
    ]) {
      const res = await beacon(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^city/);
    }
    expect((await beacon({ path: "/", goal: "google-play", city: "São Paulo" })).status).toBe(202);
  });
});
