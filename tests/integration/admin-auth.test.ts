import { createHash } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryTestDatabase, signInCookie, startTestServer, TEST_ADMIN, usingPostgres, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const login = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const sessionOf = async (cookie?: string) => (await fetch(`${server.url}/api/admin/session`, { headers: cookie ? { cookie } : {} })).json();

describe("admin sign-in", () => {
  it("refuses a wrong pair with 401 and the spec's message", async () => {
    const res = await login({ email: TEST_ADMIN.email, password: "wrong password" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: "Invalid email or password" });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("requires both e-mail and password", async () => {
    const res = await login({ email: "" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toMatchObject({ email: "Email is required", password: "Password is required" });
  });

  it("sets an HttpOnly SameSite=Lax session cookie that the session endpoint recognises", async () => {
    const res = await login(TEST_ADMIN);
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^clink_session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure"); // served over plain http here
    const cookie = setCookie.split(";")[0]!;
    expect(await sessionOf(cookie)).toMatchObject({ authenticated: true, admin: { email: TEST_ADMIN.email } });
    expect(await sessionOf()).toEqual({ authenticated: false });
  });

  it("accepts the e-mail in any letter case", async () => {
    const res = await login({ ...TEST_ADMIN, email: TEST_ADMIN.email.toUpperCase() });
    expect(res.status).toBe(200);
  });

  it("rotates the session id on login: the old id stops working", async () => {
    const first = await signInCookie(server);
    const res = await login(TEST_ADMIN, { cookie: first });
    const second = res.headers.get("set-cookie")!.split(";")[0]!;
    expect(second).not.toBe(first);
    expect((await sessionOf(first)).authenticated).toBe(false);
    expect((await sessionOf(second)).authenticated).toBe(true);
  });

  it("ends the session on the server at logout", async () => {
    const cookie = await signInCookie(server);
    const res = await fetch(`${server.url}/api/admin/logout`, { method: "POST", headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
    // Replaying the old cookie does not bring the session back.
    expect((await sessionOf(cookie)).authenticated).toBe(false);
  });

  it("rate limits failed attempts per e-mail with 429", async () => {
    const email = "someone-else@test.clink.app";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login({ email, password: `guess ${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await login({ email, password: "guess again" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await limited.json()).message).toMatch(/Too many sign-in attempts/);
  });
});

describe("the admin guard", () => {
  it("sends a browser without a session from /ai-admin to /admin, and lets a signed-in admin in", async () => {
    const res = await fetch(`${server.url}/ai-admin`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin?redirectTo=%2Fai-admin");
    const cookie = await signInCookie(server);
    const ok = await fetch(`${server.url}/ai-admin`, { headers: { cookie }, redirect: "manual" });
    expect(ok.status).toBe(200);
  });

  it("answers 403 to a state-changing request from another site, session or not", async () => {
    const cookie = await signInCookie(server);
    const byOrigin = await fetch(`${server.url}/api/admin/logout`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(byOrigin.status).toBe(403);
    const byFetchSite = await login(TEST_ADMIN, { "sec-fetch-site": "cross-site" });
    expect(byFetchSite.status).toBe(403);
    // The refused logout did not end the session.
    expect((await sessionOf(cookie)).authenticated).toBe(true);
    // Same-origin calls need no token.
    const same = await login(TEST_ADMIN, { origin: server.url, "sec-fetch-site": "same-origin" });
    expect(same.status).toBe(200);
  });

  it("expires a session after 12 hours idle", async () => {
    const idle = await signInCookie(server);
    const active = await signInCookie(server);
    // The idle one's row is made 12 hours old (the server keeps only the id's hash).
    const idHash = createHash("sha256")
      .update(decodeURIComponent(idle.slice(idle.indexOf("=") + 1)))
      .digest("base64url");
    const expire = `update admin_sessions set expires_at = now() - interval '1 second' where id_hash = '${idHash}'`;
    if (usingPostgres()) {
      expect(await queryTestDatabase(server.databaseUrl!, `${expire} returning id_hash`)).toHaveLength(1);
    } else {
      // PGlite lives inside the server: stop it, change the row, start again on the same folder.
      await server.stop();
      const db = await PGlite.create({ dataDir: path.join(server.dataDir, "pglite") });
      try {
        expect((await db.query(`${expire} returning id_hash`)).rows).toHaveLength(1);
      } finally {
        await db.close();
      }
      server = await startTestServer({ dataDir: server.dataDir });
    }
    expect((await sessionOf(idle)).authenticated).toBe(false);
    expect((await sessionOf(active)).authenticated).toBe(true);
  });
});

describe("the /admin sign-in form works without JavaScript", () => {
  it("shows the spec's failure text, and signs in with a form post", async () => {
    const post = (body: Record<string, string>) =>
      fetch(`${server.url}/admin`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams(body),
      });
    const bad = await post({ intent: "login", email: TEST_ADMIN.email, password: "nope" });
    expect(bad.status).toBe(401);
    expect(await bad.text()).toContain("Login failed: Invalid email or password");
    const good = await post({ intent: "login", ...TEST_ADMIN });
    expect(good.status).toBe(302);
    expect(good.headers.get("set-cookie")).toMatch(/^clink_session=/);
  });
});
