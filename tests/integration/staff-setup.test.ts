import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { publicApi } from "../support/api";
import { waitFor } from "../support/eventually";
import { postForm, sessionCookieOf, STAFF_PASSWORD } from "../support/staff";
import { ROOT, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/** The first start without ADMIN_EMAIL/ADMIN_PASSWORD, and the operator's command for a locked-out team. */
const run = promisify(execFile);
const started: TestServer[] = [];
let dataDir: string | undefined;
afterAll(async () => {
  for (const server of started) await server.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const noAdminEnv = { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" };
const tokenIn = (text: string, page: string) => text.match(new RegExp(`${page}#token=([A-Za-z0-9_-]{43})`))?.[1];

async function operator(server: TestServer, ...args: string[]) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: server.dataDir,
    SITE_URL: "http://localhost:3000",
    MAIL_TRANSPORT: "files",
    ...noAdminEnv,
  } as Record<string, string>;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  delete env.DATABASE_URL;
  if (server.databaseUrl) env.DATABASE_URL = server.databaseUrl;
  try {
    const { stdout } = await run(process.execPath, ["scripts/admin.mjs", ...args], { cwd: ROOT, env });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe("first start without a configured admin", () => {
  it("prints a one-time setup link (no password) that creates the owner; the operator's command resets a password", async () => {
    // A folder of its own: the test runs' shared template already has the test admin as its owner.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-setup-"));
    const first = await startTestServer({ env: noAdminEnv, dataDir });
    started.push(first);
    const token = await waitFor(() => tokenIn(first.output(), "/admin/setup"), "the setup link on the console");
    expect(first.output()).not.toMatch(/password: /);
    const created = await postForm(first, "/admin/setup", {
      token,
      email: "founder@setup.test",
      name: "Founder",
      password: STAFF_PASSWORD,
    });
    expect(created.status).toBe(302);
    const me = await (await publicApi(first, sessionCookieOf(created)).get("/api/admin/session")).json();
    expect(me.admin).toMatchObject({ email: "founder@setup.test", role: "owner" });
    expect(
      (await postForm(first, "/admin/setup", { token, email: "thief@setup.test", name: "Thief", password: STAFF_PASSWORD })).status,
    ).toBe(400);

    if (!usingPostgres()) {
      // The embedded database is locked by the running server: the command says so and changes nothing.
      const refused = await operator(first, "reset-password", "founder@setup.test");
      expect(refused.code).toBe(75);
      expect(refused.stdout).toMatch(/stop the server/);
      await first.stop();
    }
    const reset = await operator(first, "reset-password", "founder@setup.test");
    expect(reset.code).toBe(0);
    const resetToken = tokenIn(reset.stdout, "/admin/reset-password")!;
    expect(resetToken).toBeTruthy();
    expect((await operator(first, "create-owner", "other@setup.test")).stdout).toMatch(/already has an owner/);

    const again = usingPostgres() ? first : await startTestServer({ env: noAdminEnv, dataDir: first.dataDir });
    if (again !== first) started.push(again);
    if (again !== first) expect(again.output()).not.toMatch(/No owner account exists yet/);
    expect((await postForm(again, "/admin/reset-password", { token: resetToken, password: "maple orbit sparrow kettle 7" })).status).toBe(
      200,
    );
    const signIn = await fetch(`${again.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "founder@setup.test", password: "maple orbit sparrow kettle 7" }),
    });
    expect(signIn.status).toBe(200);
  }, 240_000);
});
