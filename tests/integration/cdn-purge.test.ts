import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, publicApi, venueInput, type Api, type CreatedPost } from "../support/api";
import { eventually } from "../support/eventually";
import { startFakeCdn, type CdnCall, type FakeCdn } from "../support/fake-cdn";
import { outboxMessages } from "../support/outbox-folder";
import { startTestServer, TEST_ADMIN, type TestServer } from "../support/test-server";

/**
 * Issue 52 at the HTTP boundary: every shared answer names what it shows in Surrogate-Key and Cache-Tag
 * with a day's edge lifetime (CDN_PURGE set), nothing private is tagged, and each change purges exactly
 * its tags at a fake Cloudflare and Fastly on loopback: batched, with the tokens, a 429 waited out, a 500
 * retried and then alerted to the owner.
 */
const ZONE = "0123456789abcdef0123456789abcdef";
const CF_TOKEN = "cf-token-0123456789abcdef";
const SERVICE = "SU1Z0isxPaozGVKXdv0eY";
const FASTLY_TOKEN = "fastly-token-0123456789abcdef";
const EDGE = "public, max-age=0, s-maxage=86400, stale-while-revalidate=600, stale-if-error=604800";

let fake: FakeCdn;
let server: TestServer;
let admin: Api;
let anonymous: Api;
let post: CreatedPost;

beforeAll(async () => {
  fake = await startFakeCdn();
  server = await startTestServer({
    env: {
      SEED_DEMO: "false",
      CDN_PURGE: "cloudflare,fastly",
      CLOUDFLARE_ZONE_ID: ZONE,
      CLOUDFLARE_API_TOKEN: CF_TOKEN,
      CLOUDFLARE_API_BASE: `${fake.base}/cf`,
      FASTLY_SERVICE_ID: SERVICE,
      FASTLY_API_TOKEN: FASTLY_TOKEN,
      FASTLY_API_BASE: `${fake.base}/fastly`,
    },
  });
  admin = await adminApi(server);
  anonymous = publicApi(server);
  post = await createPost(admin, { tags: ["Cask Ales", "Rooftops"], author: "Robin Tagger" });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const keys = (response: Response) => (response.headers.get("surrogate-key") ?? "").split(" ").filter(Boolean);
const cloudflare = () => fake.calls.filter((call) => call.path === `/cf/client/v4/zones/${ZONE}/purge_cache`);
const fastly = () => fake.calls.filter((call) => call.path === `/fastly/service/${SERVICE}/purge`);
const purgedTags = (calls: CdnCall[]) => [...new Set(calls.flatMap((call) => call.tags))].sort();

/** Tags earlier changes purged: a late retry or a second announcement of one (a post going live) may still arrive. */
const earlier = new Set<string>();

/** Both fake APIs receive exactly the tags `change` should purge (besides, at most, earlier changes' tags). */
async function purgeOf(change: () => Promise<unknown>, expected: string[]): Promise<void> {
  fake.calls.length = 0;
  await change();
  await eventually(async () => {
    for (const calls of [cloudflare(), fastly()]) {
      const purged = purgedTags(calls);
      expect(purged).toEqual(expect.arrayContaining(expected));
      expect(purged.filter((tag) => !expected.includes(tag) && !earlier.has(tag))).toEqual([]);
    }
  });
  for (const tag of expected) earlier.add(tag);
}

describe("cache tags", () => {
  it("a post page names its post, its tags and author, the site and its address, in both headers, a hit too", async () => {
    for (const round of ["miss", "hit"]) {
      const page = await anonymous.get(`/blog/${post.slug}`);
      expect(page.status, round).toBe(200);
      expect(keys(page), round).toEqual(
        expect.arrayContaining([
          "site",
          `post-${post.id}`,
          "tag-cask-ales",
          "tag-rooftops",
          "author-robin-tagger",
          `path:/blog/${post.slug}`,
        ]),
      );
      expect(page.headers.get("cache-tag"), round).toBe(keys(page).join(","));
      expect(page.headers.get("cache-control"), round).toBe(EDGE);
    }
  });

  it("lists, feeds, sitemaps, llms.txt, content pages, the venue map and the 404 page name what they show", async () => {
    const expectations: Array<[string, string[], number?]> = [
      ["/blog", ["site", "blog", "path:/blog"]],
      ["/blog/tag/cask-ales", ["site", "blog", "tag-cask-ales"]],
      ["/blog/author/robin-tagger", ["site", "blog", "author-robin-tagger"]],
      ["/search?q=ales", ["site", "blog", "path:/search"]],
      ["/about", ["site", "path:/about"]],
      ["/", ["site", "spots", "path:/"]],
      ["/venue-map?city=miami", ["site", "city-miami", "path:/venue-map"]],
      ["/blog/rss.xml", ["site", "blog", "feeds"]],
      ["/blog/tag/cask-ales/rss.xml", ["site", "blog", "feeds"]],
      ["/sitemap.xml", ["site", "blog", "sitemaps"]],
      ["/llms.txt", ["site", "blog", "llms"]],
      ["/api/venues", ["site", "venues"]],
      ["/no-such-page", ["site", "404"], 404],
    ];
    for (const [path, tags, status = 200] of expectations) {
      const answer = await anonymous.get(path);
      expect(answer.status, path).toBe(status);
      expect(keys(answer), path).toEqual(expect.arrayContaining(tags));
      expect(answer.headers.get("cache-tag")!.split(","), path).toEqual(keys(answer));
      // Browsers keep their own lifetime (feeds 5 minutes, pages none); the edge a day, the weather's map 10 minutes.
      expect(answer.headers.get("cache-control"), path).toMatch(
        path.startsWith("/venue-map") ? /s-maxage=600,/ : /s-maxage=86400, stale-while-revalidate=600, stale-if-error=604800$/,
      );
    }
    expect((await anonymous.get("/blog/rss.xml")).headers.get("cache-control")).toMatch(/^public, max-age=300, s-maxage=86400/);
    // Nothing personal: a post page lists no one.
    expect(keys(await anonymous.get(`/blog/${post.slug}`)).join(" ")).not.toMatch(/@/);
  });

  it("is never on the admin, a signed-in answer, an API with a key, or a form's answer", async () => {
    for (const path of ["/admin", "/admin/system", "/api/admin/redirects", "/ghost/api/content/posts/?key=0123456789abcdef01234567"]) {
      const answer = await admin.get(path);
      expect(answer.headers.get("surrogate-key"), path).toBeNull();
      expect(answer.headers.get("cache-tag"), path).toBeNull();
    }
    const signedIn = await admin.get("/about");
    expect(signedIn.headers.get("surrogate-key")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toMatch(/private/);
    const posted = await anonymous.call("POST", "/api/contact", { name: "x" });
    expect(posted.headers.get("surrogate-key")).toBeNull();
  });
});

describe("purges", () => {
  it("an edit purges the post, the lists, its address and the 404 page, at both APIs with their tokens", async () => {
    await purgeOf(
      () =>
        admin.call("PUT", `/api/blog/${post.id}`, {
          title: "Cask ales, edited",
          author: "Robin Tagger",
          excerpt: "E",
          content: "Edited.",
          category: "tips",
          tags: ["Cask Ales", "Rooftops"],
          published: true,
        }),
      [`post-${post.id}`, "blog", "404", `path:/blog/${post.slug}`],
    );
    const call = cloudflare()[0]!;
    expect(call.method).toBe("POST");
    expect(call.headers.authorization).toBe(`Bearer ${CF_TOKEN}`);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(Object.keys(JSON.parse(call.body) as object)).toEqual(["tags"]);
    const sent = fastly()[0]!;
    expect(sent.method).toBe("POST");
    expect(sent.headers["fastly-key"]).toBe(FASTLY_TOKEN);
    expect(sent.headers["surrogate-key"]).toBeTruthy();
  });

  it("unpublishing and deleting purge the post too; a redirect its address; a venue its city; a tag rename its pages", async () => {
    const other = await createPost(admin, { tags: ["Cask Ales"] });
    const postTags = [`post-${other.id}`, "blog", "404", `path:/blog/${other.slug}`];
    await purgeOf(() => admin.call("PUT", `/api/blog/${other.id}`, { published: false }), postTags);
    await purgeOf(() => admin.call("PUT", `/api/blog/${other.id}`, { published: true }), postTags);
    await purgeOf(() => admin.call("DELETE", `/api/blog/${other.id}`), postTags);
    await purgeOf(
      () => admin.call("POST", "/api/admin/redirects", { from: "/old-menu", to: "/about", status: 301 }),
      ["path:/old-menu", "404"],
    );
    await purgeOf(() => admin.call("POST", "/api/admin/venues", venueInput({ name: "Purge Test Tavern" })), ["venues", "city-chicago"]);
    await purgeOf(
      () => admin.call("PATCH", "/api/admin/tags/rooftops", { name: "Roof Terraces" }),
      ["tag-rooftops", "tag-roof-terraces", "blog"],
    );
  });

  it("batches Cloudflare's 30 tags a call, and coalesces a second's changes into one purge", async () => {
    const names = Array.from({ length: 34 }, (_, i) => `Batch Tag ${i}`);
    for (const name of names) expect((await admin.call("POST", "/api/admin/tags", { name })).status).toBe(201);
    const slugs = names.map((name) => name.toLowerCase().replaceAll(" ", "-"));
    await eventually(async () => expect(purgedTags(cloudflare())).toEqual(expect.arrayContaining(slugs.map((slug) => `tag-${slug}`))));
    // 34 changes, far fewer purge calls: each second's changes went as one.
    expect(cloudflare().length).toBeLessThan(34);
    fake.calls.length = 0;
    const merge = await admin.call("POST", "/api/admin/tags/merge", { into: slugs[0], from: slugs.slice(1) });
    expect(merge.status).toBe(200);
    await eventually(async () => expect(purgedTags(cloudflare())).toEqual(expect.arrayContaining(slugs.map((slug) => `tag-${slug}`))));
    for (const call of cloudflare()) expect(call.tags.length).toBeLessThanOrEqual(30);
    expect(cloudflare().length).toBeGreaterThan(1);
  });

  it("waits out a 429, retries a 500 with back-off, alerts the owner after three failures, and shows it in System", async () => {
    const alerts = () =>
      outboxMessages(server.dataDir).filter((m) => m.to.includes(TEST_ADMIN.email) && /could not be purged/.test(m.subject));
    // A 429 with Retry-After: waited out, then sent again; no alert.
    fake.calls.length = 0;
    let limited = false;
    fake.answer = (call) => {
      if (call.path.startsWith("/cf") && !limited) {
        limited = true;
        return { status: 429, headers: { "retry-after": "1" }, body: '{"success":false}' };
      }
      return { status: 200, body: '{"success":true}' };
    };
    const rateLimited = await createPost(admin);
    await eventually(async () => expect(cloudflare().filter((call) => call.tags.includes(`post-${rateLimited.id}`))).toHaveLength(2));
    expect(alerts()).toHaveLength(0);

    // Cloudflare failing: retried, the owner alerted once at the third failure, System shows it.
    fake.answer = (call) => (call.path.startsWith("/cf") ? { status: 500, body: "upstream trouble" } : { status: 200, body: "{}" });
    fake.calls.length = 0;
    const failing = await createPost(admin);
    await eventually(async () => expect(alerts()).toHaveLength(1), 30_000);
    expect(cloudflare().filter((call) => call.tags.includes(`post-${failing.id}`)).length).toBeGreaterThanOrEqual(3);
    expect(alerts()[0]!.text).toContain("cloudflare answered 500");
    const system = await (await admin.get("/admin/system")).text();
    expect(system).toContain("CDN purges");
    expect(system).toContain(`zone ${ZONE}`);
    expect(system).not.toContain(CF_TOKEN);
    expect(system).toContain('data-testid="cdn-failures"');
    expect(system).toContain("cloudflare answered 500");

    // Back: the next retry goes through.
    const failedCalls = cloudflare().length;
    fake.answer = () => ({ status: 200, body: '{"success":true}' });
    await eventually(
      async () =>
        expect(
          cloudflare()
            .slice(failedCalls)
            .some((call) => call.tags.includes(`post-${failing.id}`)),
        ).toBe(true),
      30_000,
    );
    // Purged now: no longer among the failing ones.
    await eventually(async () => expect(await (await admin.get("/admin/system")).text()).not.toContain('data-testid="cdn-failures"'));
    expect(alerts()).toHaveLength(1);
  });
});
