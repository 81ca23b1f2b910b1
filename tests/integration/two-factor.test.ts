import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicApi } from "../support/api";
import { inviteStaff, linkTokenFor, postForm, STAFF_PASSWORD } from "../support/staff";
import { signInCookie, startTestServer, TEST_ADMIN, type TestServer } from "../support/test-server";

/**
 * Two-factor sign-in over HTTP: TOTP set up from its secret (codes made here with the same library),
 * the two-step sign-in, recovery codes used once, the owner's requirement, and the rate limits.
 * A server of its own: it turns two-factor on for its admin.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0] ?? null;
const totp = (secret: string) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
/**
 * A code for a time step of its own: the server accepts each step once and only steps within one of
 * now, so each secret's codes move forward through the previous, current and next step.
 */
const stepOffsets = new Map<string, number>();
function nextCode(secret: string): string {
  const offset = stepOffsets.get(secret) ?? -1;
  stepOffsets.set(secret, Math.min(offset + 1, 1));
  return totp(secret).generate({ timestamp: Date.now() + 30_000 * offset });
}
const sessionOf = async (cookie: string) => (await call("GET", "/api/admin/session", cookie)).json();

async function passwordStep(credentials = TEST_ADMIN) {
  const res = await call("POST", "/api/admin/login", null, credentials);
  expect(res.status).toBe(200);
  return { res, body: await res.json(), pending: cookieOf(res, "clink_pending_sign_in"), session: cookieOf(res, "clink_session") };
}

let secret = "";
let recoveryCodes: string[] = [];

describe("two-factor sign-in", () => {
  it("sets TOTP up from a server-drawn QR code and the otpauth:// text, on only once a code confirms it", async () => {
    const admin = await signInCookie(server);
    const setup = await call("POST", "/api/admin/two-factor/setup", admin);
    expect(setup.status).toBe(200);
    const body = await setup.json();
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Clink%20Admin:admin%40test\.clink\.app\?.*secret=/);
    secret = body.secret;
    expect(body.otpauthUrl).toContain(`secret=${secret}`);
    // Not on yet: the password alone still signs in.
    expect((await passwordStep()).session).not.toBeNull();

    const wrong = await call("POST", "/api/admin/two-factor/confirm", admin, { code: "000000" });
    expect(wrong.status).toBe(400);
    const confirm = await call("POST", "/api/admin/two-factor/confirm", admin, { code: nextCode(secret) });
    expect(confirm.status).toBe(200);
    recoveryCodes = (await confirm.json()).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await (await call("GET", "/api/admin/two-factor", admin)).json();
    expect(status.totp).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // On: a new setup is refused until it is turned off.
    expect((await call("POST", "/api/admin/two-factor/setup", admin)).status).toBe(409);
  });

  it("signs in in two steps: the password gives a pending sign-in, not a session; the code gives the session", async () => {
    const { body, pending, session } = await passwordStep();
    expect(body).toMatchObject({ success: true, secondFactorRequired: true, stage: "verify", methods: ["totp", "recovery-code"] });
    expect(session).toBeNull();
    expect(pending).not.toBeNull();
    // The pending cookie is not a session.
    expect(await sessionOf(pending!)).toEqual({ authenticated: false });
    expect((await call("GET", "/api/admin/two-factor", pending)).status).toBe(401);

    const wrong = await call("POST", "/api/admin/two-factor/verify", pending, { code: "000000" });
    expect(wrong.status).toBe(401);
    const code = nextCode(secret);
    const ok = await call("POST", "/api/admin/two-factor/verify", pending, { code });
    expect(ok.status).toBe(200);
    const cookie = cookieOf(ok, "clink_session")!;
    expect(await sessionOf(cookie)).toMatchObject({ authenticated: true, admin: { email: TEST_ADMIN.email } });
    // The pending sign-in is spent, and the same code is not accepted again.
    expect((await call("POST", "/api/admin/two-factor/verify", pending, { code })).status).toBe(401);
    const again = await passwordStep();
    expect((await call("POST", "/api/admin/two-factor/verify", again.pending, { code })).status).toBe(401);
  });

  it("accepts a recovery code exactly once", async () => {
    const first = await passwordStep();
    const used = await call("POST", "/api/admin/two-factor/verify", first.pending, { recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(used.status).toBe(200);
    expect(await sessionOf(cookieOf(used, "clink_session")!)).toMatchObject({ authenticated: true });

    const second = await passwordStep();
    const reused = await call("POST", "/api/admin/two-factor/verify", second.pending, { recoveryCode: recoveryCodes[0] });
    expect(reused.status).toBe(401);
    expect(cookieOf(reused, "clink_session")).toBeNull();
    const admin = cookieOf(used, "clink_session")!;
    expect((await (await call("GET", "/api/admin/two-factor", admin)).json()).totp.recoveryCodesLeft).toBe(9);
  });
});

describe("two-factor required for all staff", () => {
  // The owner signs in with a code once (each time step is accepted once): the tests share the session.
  let ownerSession = "";
  const member = { email: "writer@test.clink.app", password: STAFF_PASSWORD };

  it("takes a member without a second factor to set one up after the password, before any session", async () => {
    // A second account, invited by the owner and accepted through the e-mailed link (works on both databases).
    const owner = (ownerSession = await signInWithCode());
    await inviteStaff(server, publicApi(server, owner), member.email, "author");

    expect((await call("PUT", "/api/admin/two-factor/policy", owner, { requiredForAllStaff: true })).status).toBe(200);

    const step = await passwordStep(member);
    expect(step.body).toMatchObject({ secondFactorRequired: true, stage: "setup" });
    expect(step.session).toBeNull();
    // The pending sign-in can set up TOTP but reaches nothing else.
    expect((await call("GET", "/api/admin/contact-submissions", step.pending)).status).toBe(401);
    const setup = await (await call("POST", "/api/admin/two-factor/setup", step.pending)).json();
    const confirm = await call("POST", "/api/admin/two-factor/confirm", step.pending, { code: nextCode(setup.secret) });
    expect(confirm.status).toBe(200);
    expect((await confirm.json()).recoveryCodes).toHaveLength(10);
    expect(await sessionOf(cookieOf(confirm, "clink_session")!)).toMatchObject({ authenticated: true, admin: { email: member.email } });
    // From now on the member signs in in two steps.
    expect((await passwordStep(member)).body).toMatchObject({ stage: "verify" });
  });

  it("sends a session opened before the policy to the setup: no admin call answers until it is done", async () => {
    const owner = ownerSession;
    expect((await call("PUT", "/api/admin/two-factor/policy", owner, { requiredForAllStaff: false })).status).toBe(200);
    const early = await inviteStaff(server, publicApi(server, owner), "early@test.clink.app", "editor");
    const again = (await passwordStep({ email: "early@test.clink.app", password: STAFF_PASSWORD })).session!;
    expect((await call("PUT", "/api/admin/two-factor/policy", owner, { requiredForAllStaff: true })).status).toBe(200);

    // A page visit goes to the setup step; the session it came with is over.
    const page = await fetch(`${server.url}/admin/staff`, { headers: { cookie: early.cookie! }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/sign-in/second-step?redirectTo=%2Fadmin%2Fstaff");
    expect(cookieOf(page, "clink_pending_sign_in")).toBeTruthy();
    expect((await call("GET", "/api/admin/posts", early.cookie!)).status).toBe(401);
    expect(await sessionOf(early.cookie!)).toMatchObject({ authenticated: false });

    // An API call answers as a sign-in under the policy does: setup due, and only the setup reachable.
    const refused = await call("GET", "/api/admin/staff", again);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ secondFactorRequired: true, stage: "setup" });
    const pending = cookieOf(refused, "clink_pending_sign_in");
    expect((await call("GET", "/api/admin/staff", pending)).status).toBe(401);
    const setup = await (await call("POST", "/api/admin/two-factor/setup", pending)).json();
    const confirm = await call("POST", "/api/admin/two-factor/confirm", pending, { code: nextCode(setup.secret) });
    expect(confirm.status).toBe(200);
    expect((await call("GET", "/api/admin/staff", cookieOf(confirm, "clink_session"))).status).toBe(200);
  });

  it("takes a member who accepts an invitation under the policy to the setup, not into a session", async () => {
    const owner = ownerSession;
    expect((await call("POST", "/api/admin/invitations", owner, { email: "late@test.clink.app", role: "author" })).status).toBe(201);
    const token = await linkTokenFor(server, "late@test.clink.app", /invited/);
    const accepted = await postForm(server, "/admin/accept-invitation", { token, name: "Late Comer", password: STAFF_PASSWORD });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin/sign-in/second-step");
    expect(cookieOf(accepted, "clink_session")).toBeNull();
    const pending = cookieOf(accepted, "clink_pending_sign_in");
    expect((await call("GET", "/api/admin/posts", pending)).status).toBe(401);
    expect(await sessionOf(pending!)).toMatchObject({ authenticated: false });
    const setup = await (await call("POST", "/api/admin/two-factor/setup", pending)).json();
    const confirm = await call("POST", "/api/admin/two-factor/confirm", pending, { code: nextCode(setup.secret) });
    expect(confirm.status).toBe(200);
    expect(await sessionOf(cookieOf(confirm, "clink_session")!)).toMatchObject({
      authenticated: true,
      admin: { email: "late@test.clink.app" },
    });
  });
});

// Last: it leaves the account over its limit.
describe("second-factor rate limits", () => {
  it("refuses a burst of wrong codes with 429: a pending sign-in ends after 5, the account stops after 10", async () => {
    const { pending } = await passwordStep();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call("POST", "/api/admin/two-factor/verify", pending, { code: "000000" })).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[4]).toBe(429);
    // That pending sign-in is over, even with the right code.
    expect((await call("POST", "/api/admin/two-factor/verify", pending, { code: nextCode(secret) })).status).toBe(401);

    // A fresh pending sign-in does not reset the account's count: 5 more wrong codes reach its 10.
    const next = await passwordStep();
    const more: number[] = [];
    for (let i = 0; i < 5; i++) more.push((await call("POST", "/api/admin/two-factor/verify", next.pending, { code: "000000" })).status);
    expect(more).toEqual([401, 401, 401, 401, 429]);
    // Now even the right code on a new pending sign-in waits.
    const refused = await call("POST", "/api/admin/two-factor/verify", (await passwordStep()).pending, { code: nextCode(secret) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

async function signInWithCode(): Promise<string> {
  const { pending } = await passwordStep();
  const res = await call("POST", "/api/admin/two-factor/verify", pending, { code: nextCode(secret) });
  if (res.status !== 200) throw new Error(`second step answered ${res.status}: ${await res.text()}`);
  return cookieOf(res, "clink_session")!;
}
