import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { startTestServer, TEST_ADMIN, type TestServer } from "../support/test-server";
import { waitFor } from "../support/eventually";

// Client addresses come from X-Forwarded-For here, so "from any address" can be tried for real.
let server: TestServer;
// Two browsers of the admin's that signed in before anyone attacked the account.
let device: string;
let spareDevice: string;
let deviceSetCookie: string | undefined;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "true" } });
  const deviceOf = async () => {
    const res = await loginFrom(freshAddress(), TEST_ADMIN);
    deviceSetCookie = res.headers.getSetCookie().find((c) => c.startsWith("clink_device="));
    return cookiesOf(res).find((c) => c.startsWith("clink_device=")) ?? "";
  };
  device = await deviceOf();
  spareDevice = await deviceOf();
});
afterAll(async () => {
  await server?.stop();
});

let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

const loginFrom = (address: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** A session of the admin's, signed in from the browser the account knows (the lock-out tests hold the account). */
async function adminSession(): Promise<string> {
  const res = await loginFrom(freshAddress(), TEST_ADMIN, device);
  expect(res.status).toBe(200);
  return cookiesOf(res).find((c) => c.startsWith("clink_session="))!;
}

const validPost = { title: "Hardening", author: "Ada", excerpt: "Short", content: "Body", category: "tips" };

describe("1. an attacker cannot lock the admin out", () => {
  it("lets a browser that signed in before sign in again while the account is hammered from many addresses", async () => {
    expect(deviceSetCookie, "a device cookie is issued at a successful sign-in").toMatch(
      /^clink_device=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
    );
    // An attacker makes wrong guesses for the admin's e-mail, each from another address.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await loginFrom(freshAddress(), { email: TEST_ADMIN.email, password: `guess ${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The account is now held for anyone without a device cookie, even with the right password...
    expect((await loginFrom(freshAddress(), TEST_ADMIN)).status).toBe(429);
    // ...or with a forged or tampered device cookie.
    const forged = device.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await loginFrom(freshAddress(), TEST_ADMIN, forged)).status).toBe(429);
    expect((await loginFrom(freshAddress(), TEST_ADMIN, "clink_device=x.y.z.w")).status).toBe(429);

    // The admin's browser still gets in, from a new address too.
    const again = await loginFrom(freshAddress(), TEST_ADMIN, device);
    expect(again.status).toBe(200);
    const session = cookiesOf(again).find((c) => c.startsWith("clink_session="))!;
    const check = await (await fetch(`${server.url}/api/admin/session`, { headers: { cookie: session } })).json();
    expect(check).toMatchObject({ authenticated: true });
  });

  it("limits guesses made with a device cookie on that cookie, which then counts for nothing", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await loginFrom(freshAddress(), { email: TEST_ADMIN.email, password: `nope ${i}` }, spareDevice)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The account is still held by the attacker's guesses above, and this cookie is used up: no way in.
    expect((await loginFrom(freshAddress(), TEST_ADMIN, spareDevice)).status).toBe(429);
    // The other browser is not affected.
    expect((await loginFrom(freshAddress(), TEST_ADMIN, device)).status).toBe(200);
  });

  it("never lets a malformed cookie stop a sign-in", async () => {
    const res = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshAddress(),
        cookie: `clink_session=%E0%A4%A; other=%ZZ%00; ${device}`,
      },
      body: new URLSearchParams({ intent: "login", ...TEST_ADMIN }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie()[0]).toMatch(/^clink_session=/);
  });
});

describe("2. unclean text is refused with 400 and a message, in one place", () => {
  it.each([
    ["/search?q=%00", 400],
    ["/search?q=a%ED%A0%80b", 400],
    ["/search?q=%E0%A4%A", 400],
    ["/blog?q=%00", 400],
    ["/api/blog?x=%00", 400],
    ["/blog/%E0%A4%A", 400],
    ["/search?q=caf%C3%A9", 200],
  ])("GET %s answers %s", async (path, status) => {
    const res = await rawRequest(server.url, { path });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).toMatch(/not valid|not allowed/);
  });

  it("answers an API's unclean address in the JSON error shape", async () => {
    const res = await rawRequest(server.url, { path: "/api/blog?q=%00" });
    expect(JSON.parse(res.body)).toEqual({ success: false, message: expect.stringMatching(/malformed/) });
  });

  it("refuses NUL and lone surrogates in JSON bodies, public and admin", async () => {
    const cookie = await adminSession();
    for (const content of ["a\u0000b", "a\ud800b", "\udc00"]) {
      const res = await fetch(`${server.url}/api/blog`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ ...validPost, content }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: expect.stringMatching(/not allowed/) });
    }
    const contact = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"A\\u0000","email":"a@b.co","subject":"Hi","message":"Hello there, friend"}',
    });
    expect(contact.status).toBe(400);
  });

  it.each(["0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "-000001-01-01T00:00:00Z"])(
    "refuses the date %s with 400",
    async (createdAt) => {
      const cookie = await adminSession();
      const res = await fetch(`${server.url}/api/blog`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ ...validPost, createdAt }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toMatchObject({ createdAt: expect.stringMatching(/valid date/) });
    },
  );

  it("treats a malformed cookie as absent on public and admin pages", async () => {
    for (const path of ["/admin", "/api/blog", "/api/admin/session", "/blog"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie: "clink_session=%E0%A4%A" } });
      expect(res.status, path).toBe(200);
    }
  });
});

describe("7. the return address after sign-in stays on this site", () => {
  it.each(["/%09/evil.example", "//evil.example", "/%5Cevil.example", "/%0d%0aSet-Cookie:%20x=y", "/caf%C3%A9", "https://evil.example"])(
    "sends redirectTo=%s to /admin",
    async (target) => {
      // The account is held by the lock-out tests above: sign in from a browser it knows.
      const res = await signInWithDevice(target);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/admin");
    },
  );

  it("keeps a same-site path", async () => {
    const res = await signInWithDevice("/blog%3Fq%3Dx");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/blog?q=x");
  });

  async function signInWithDevice(target: string) {
    return rawRequest(server.url, {
      method: "POST",
      path: `/admin?redirectTo=${target}`,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshAddress(), cookie: device },
      body: new URLSearchParams({ intent: "login", ...TEST_ADMIN }).toString(),
    });
  }
});

describe("8. unsupported methods and bodies", () => {
  it.each(["/", "/api/blog", "/admin", "/healthz"])("answers TRACE %s with 405 and the methods it knows", async (path) => {
    const res = await rawRequest(server.url, { method: "TRACE", path });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain("GET");
  });

  it("answers other unknown methods with 405 too", async () => {
    for (const method of ["PROPFIND", "MKCOL", "LINK"]) {
      expect((await rawRequest(server.url, { method, path: "/api/blog" })).status).toBe(405);
    }
  });

  it.each([
    ["application/json", '{"intent":"login"}', 415],
    ["text/plain", "intent=login", 415],
    ["", "intent=login", 415],
    ["multipart/form-data; boundary=x", "not multipart", 400],
  ])("answers a %j body posted to /admin with %s", async (type, body, status) => {
    const res = await rawRequest(server.url, { method: "POST", path: "/admin", headers: type ? { "content-type": type } : {}, body });
    expect(res.status).toBe(status);
  });
});

describe("requests Node refuses before any route", () => {
  it("answers an address over the size limit with 431 in the JSON error shape", async () => {
    const res = await rawRequest(server.url, { path: `/api/blog?q=${"x".repeat(20_000)}` });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: expect.any(String) });
  });
});

describe("9. every error goes through the structured logger, bounded", () => {
  it("writes only JSON lines, none long, whatever the requests carried", async () => {
    const forged = `/no-such-page?${"x".repeat(5000)}%0d%0a{"level":30,"msg":"forged"}`;
    await rawRequest(server.url, { path: forged });
    await rawRequest(server.url, { method: "TRACE", path: "/" });
    await rawRequest(server.url, { path: "/search?q=%00" });
    // Wait for the log line of the forged request to be written (the logger writes asynchronously).
    await waitFor(() => server.output().includes("/no-such-page"), "the forged request's log line");
    const lines = server.output().split("\n").filter(Boolean);
    for (const line of lines) {
      expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
      expect(line.length, line.slice(0, 200)).toBeLessThan(6000);
    }
    expect(lines.some((line) => JSON.parse(line).msg === "forged")).toBe(false);
  });
});
