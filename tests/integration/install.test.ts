import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, publicApi, type Api } from "../support/api";
import { eventually } from "../support/eventually";
import { inviteStaff } from "../support/staff";
import { startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The path to an install (issue 50, part A; decision records 0061-0063) at the HTTP boundary: /get sends an
 * iPhone to the App Store and an Android phone to Google Play with their attribution and shows a computer
 * both buttons and a QR code that decodes to the same /get address, each answer counted as its goal; the
 * store buttons' server-made links carry the page; the Smart App Banner; the .well-known files exactly as
 * Apple and Google document them, to their fetchers, without a cookie or redirect, 404 until set, and the
 * roles and 400s of PUT /api/admin/app-links.
 */
const SITE = "http://localhost:3000";
const env = {
  SEED_DEMO: "false",
  TRUST_PROXY: "loopback",
  APP_STORE_ID: "6740000000",
  APP_STORE_PROVIDER_TOKEN: "118993254",
  GOOGLE_PLAY_PACKAGE: "app.clink.android",
};
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";
const APPLE = { teamId: "ABCDE12345", bundleId: "app.clink.ios", paths: ["/blog/*", "/venue-map", "NOT /admin/*"] };
const ANDROID_APP = { packageName: "app.clink.android", sha256Fingerprints: [FINGERPRINT.toLowerCase()] };

let server: TestServer;
let second: TestServer | undefined;
let admin: Api;

beforeAll(async () => {
  server = await startTestServer({ env });
  admin = await adminApi(server);
});
afterAll(async () => {
  await second?.stop();
  await server?.stop();
});

const get = (base: { url: string }, path: string, userAgent: string, headers: Record<string, string> = {}) =>
  fetch(`${base.url}${path}`, { redirect: "manual", headers: { "user-agent": userAgent, ...headers } });
const today = () => new Date().toISOString().slice(0, 10);
async function goals(): Promise<Record<string, number>> {
  const res = await admin.get(`/api/admin/analytics?from=${today()}&to=${today()}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { goals: Array<{ name: string; count: number }> };
  return Object.fromEntries(body.goals.map((goal) => [goal.name, goal.count]));
}

/** The text a QR code in SVG holds: drawn by sharp, read by jsQR. */
async function decodeQr(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(600, 600)
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe("/get", () => {
  it("sends an iPhone to the App Store with pt, ct and mt=8, uncached", async () => {
    const res = await get(server, "/get?c=poster&city=Sydney", IPHONE, { "x-forwarded-for": "198.51.100.1" });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(to.origin + to.pathname).toBe("https://apps.apple.com/app/apple-store/id6740000000");
    expect(Object.fromEntries(to.searchParams)).toEqual({ pt: "118993254", ct: "poster.get.sydney", mt: "8" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("vary")).toMatch(/User-Agent/i);
    expect(res.headers.get("set-cookie")).toBeNull();
    // An iPad too.
    const ipad = await get(server, "/get", IPHONE.replace("iPhone; CPU iPhone OS", "iPad; CPU OS"), { "x-forwarded-for": "198.51.100.2" });
    expect(new URL(ipad.headers.get("location")!).searchParams.get("ct")).toBe("get-link.get");
  });

  it("sends an Android phone to Google Play with the referrer the Install Referrer API reads", async () => {
    const res = await get(server, "/get?c=launch", ANDROID, { "x-forwarded-for": "198.51.100.3" });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^https:\/\/play\.google\.com\/store\/apps\/details\?id=app\.clink\.android&referrer=/);
    const referrer = new URLSearchParams(new URL(location).searchParams.get("referrer")!);
    expect(Object.fromEntries(referrer)).toEqual({
      utm_source: "get-link",
      utm_medium: "link",
      utm_campaign: "launch",
      utm_content: "/get",
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("shows a computer both buttons and a QR code that decodes to the same /get address", async () => {
    const res = await get(server, "/get?c=launch&city=New%20York", DESKTOP, { "x-forwarded-for": "198.51.100.4" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("vary")).toMatch(/User-Agent/i);
    expect(res.headers.get("x-cache")).toBeNull();
    const html = await res.text();
    expect(html).toContain("Get Clink on your phone");
    const apple = /href="(https:\/\/apps\.apple\.com[^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(new URL(apple).searchParams.get("ct")).toBe("launch.get.new-york");
    const play = /href="(https:\/\/play\.google\.com[^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(new URLSearchParams(new URL(play).searchParams.get("referrer")!).get("utm_term")).toBe("New York");
    const svg = /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"[\s\S]*?<\/svg>/.exec(html)?.[0];
    expect(svg).toBeDefined();
    expect(await decodeQr(svg!)).toBe(`${SITE}/get?c=launch&city=New+York`);
    // Never kept by the front cache, it answers with the render's nonce: its one script carries it, or the CSP would refuse it.
    const nonce = /<script src="\/assets\/vitals-beacon[^"]*" type="module" async="" nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
  });

  it("counts each answer as its platform's goal (crawlers not)", async () => {
    await get(server, "/get", DESKTOP, { "x-forwarded-for": "198.51.100.5" });
    await get(server, "/get", "Googlebot/2.1 (+http://www.google.com/bot.html)", { "x-forwarded-for": "198.51.100.6" });
    await eventually(async () => expect(await goals()).toMatchObject({ "get-ios": 2, "get-android": 1, "get-desktop": 2 }));
  });

  it("answers 400 naming the parameter for a bad campaign", async () => {
    const res = await get(server, "/get?c=%3Cscript%3E", DESKTOP);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("c may hold letters");
  });
});

describe("the store buttons and the QR code beside them", () => {
  it("carry the page without JavaScript, the QR image encoding /get with the page's campaign", async () => {
    const html = await (await get(server, "/social-drinking-app", DESKTOP)).text();
    const apple = /<a href="(https:\/\/apps\.apple\.com[^"]+)"[^>]*data-install/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(Object.fromEntries(new URL(apple).searchParams)).toEqual({ pt: "118993254", ct: "web.social-drinking-app", mt: "8" });
    const play = /<a href="(https:\/\/play\.google\.com[^"]+)"[^>]*data-install/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(new URLSearchParams(new URL(play).searchParams.get("referrer")!).get("utm_content")).toBe("/social-drinking-app");
    expect(html).toContain('src="/get/qr.svg?c=social-drinking-app"');
    const qr = await get(server, "/get/qr.svg?c=social-drinking-app", DESKTOP);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(await decodeQr(await qr.text())).toBe(`${SITE}/get?c=social-drinking-app`);
  });

  it("and public pages carry Apple's Smart App Banner with the page's own address", async () => {
    const html = await (await get(server, "/about", DESKTOP)).text();
    expect(html).toContain(`<meta name="apple-itunes-app" content="app-id=6740000000, app-argument=${SITE}/about"/>`);
  });
});

describe("Universal Links and Android App Links", () => {
  const AASA = "/.well-known/apple-app-site-association";
  const ASSET_LINKS = "/.well-known/assetlinks.json";

  it("are 404 while nothing is set", async () => {
    for (const path of [AASA, ASSET_LINKS]) expect((await get(server, path, "AASA-Bot/1.0.0")).status, path).toBe(404);
  });

  it("are set by an owner or administrator only: 401 signed out, 403 for an editor or author", async () => {
    const anonymous = publicApi(server);
    expect((await anonymous.get("/api/admin/app-links")).status).toBe(401);
    expect((await anonymous.call("PUT", "/api/admin/app-links", { apple: APPLE })).status).toBe(401);
    for (const role of ["editor", "author"] as const) {
      const member = await inviteStaff(server, admin, `${role}@app-links.test`, role);
      expect((await member.get("/api/admin/app-links")).status, role).toBe(403);
      expect((await member.call("PUT", "/api/admin/app-links", { apple: APPLE })).status, role).toBe(403);
    }
    const administrator = await inviteStaff(server, admin, "administrator@app-links.test", "administrator");
    expect((await administrator.call("PUT", "/api/admin/app-links", { android: ANDROID_APP })).status).toBe(200);
    expect((await administrator.get("/api/admin/app-links")).status).toBe(200);
  });

  it("answer 400 naming the field for a bad value, and keep what was set", async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ apple: { ...APPLE, teamId: "ABC123" } }, /^apple\.teamId/],
      [{ apple: { ...APPLE, bundleId: "clink" } }, /^apple\.bundleId/],
      [{ apple: { ...APPLE, paths: ["blog"] } }, /^apple\.paths/],
      [{ android: { ...ANDROID_APP, packageName: "app.1clink" } }, /^android\.packageName/],
      [{ android: { ...ANDROID_APP, sha256Fingerprints: ["14:6D:E9"] } }, /^android\.sha256Fingerprints/],
      [{ android: { ...ANDROID_APP, sha256Fingerprints: [FINGERPRINT.replace("14", "ZZ")] } }, /^android\.sha256Fingerprints/],
    ];
    for (const [body, message] of bad) {
      const res = await admin.call("PUT", "/api/admin/app-links", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const now = (await (await admin.get("/api/admin/app-links")).json()) as Record<string, unknown>;
    expect(now.android).toEqual({ ...ANDROID_APP, sha256Fingerprints: [FINGERPRINT] });
    expect(now.apple).toBeUndefined();
    expect(now.stores).toContainEqual(expect.objectContaining({ name: "APP_STORE_ID", value: "6740000000" }));
  });

  it("are served exactly as Apple and Google document them, to their fetchers, with no cookie and no redirect", async () => {
    const saved = await admin.call("PUT", "/api/admin/app-links", { apple: APPLE, android: ANDROID_APP });
    expect(saved.status).toBe(200);
    for (const [path, agent] of [
      [AASA, "AASA-Bot/1.0.0"],
      [AASA, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) swcd (unknown version) CFNetwork/1494.0.7 Darwin/23.4.0"],
      [ASSET_LINKS, "Google-Digital-Asset-Links"],
      [ASSET_LINKS, "curl/8.5.0"],
    ] as const) {
      const res = await get(server, path, agent);
      expect(res.status, `${path} ${agent}`).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json(;\s*charset=utf-8)?$/);
      expect(res.headers.get("set-cookie"), path).toBeNull();
      expect(res.headers.get("location"), path).toBeNull();
      // Asked again by nginx's microcache or any cache in front, so a save is what everyone gets at once.
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
    expect(await (await get(server, AASA, "AASA-Bot/1.0.0")).json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: ["ABCDE12345.app.clink.ios"],
            components: [{ "/": "/blog/*" }, { "/": "/venue-map" }, { "/": "/admin/*", exclude: true }],
          },
        ],
      },
    });
    expect(await (await get(server, ASSET_LINKS, "Google-Digital-Asset-Links")).json()).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: { namespace: "android_app", package_name: "app.clink.android", sha256_cert_fingerprints: [FINGERPRINT] },
      },
    ]);
  });

  it("cannot be taken by a redirect rule", async () => {
    const res = await admin.call("POST", "/api/admin/redirects", { from: "/.well-known/assetlinks.json", to: "/about", status: 301 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Addresses under /.well-known cannot be redirected");
  });

  it("follow a PUT at once: a platform left out is 404 again", async () => {
    expect((await admin.call("PUT", "/api/admin/app-links", { apple: APPLE })).status).toBe(200);
    expect((await get(server, ASSET_LINKS, "Google-Digital-Asset-Links")).status).toBe(404);
    expect((await get(server, AASA, "AASA-Bot/1.0.0")).status).toBe(200);
  });
});

describe.skipIf(!usingPostgres())("two instances on one PostgreSQL", () => {
  it("serve the same files: a PUT on one is what the other serves at once", async () => {
    second = await startTestServer({ databaseUrl: server.databaseUrl, env });
    expect((await admin.call("PUT", "/api/admin/app-links", { android: ANDROID_APP })).status).toBe(200);
    expect((await get(second, "/.well-known/assetlinks.json", "Google-Digital-Asset-Links")).status).toBe(200);
    expect((await get(second, "/.well-known/apple-app-site-association", "AASA-Bot/1.0.0")).status).toBe(404);
    expect((await admin.call("PUT", "/api/admin/app-links", {})).status).toBe(200);
    await eventually(async () =>
      expect((await get(second!, "/.well-known/assetlinks.json", "Google-Digital-Asset-Links")).status).toBe(404),
    );
  });
});
