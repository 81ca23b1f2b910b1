import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, type Api } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { eventually } from "../support/eventually";
import { rawRequest } from "../support/raw-http";
import { ROOT, startTestServer, type TestServer } from "../support/test-server";

/**
 * Nothing thrown while answering a request ends the process (issue 39, decision record 0046): each plain
 * listener before Express (redirect rules, beacons, front cache) answers its own fault 500, and hostile
 * input (characters above U+00FF and control characters in paths, rules and headers) is answered, never
 * thrown, by the same process. Redirect targets are stored as URIs, and a substituted target stays on its site.
 */
const env = { SEED_DEMO: "false", CLINK_FAULT_INJECTION: "on" };
let server: TestServer;
let admin: Api;

beforeAll(async () => {
  server = await startTestServer({ env });
  admin = await adminApi(server);
});
afterAll(async () => {
  await server?.stop();
});

type Row = { id: number; from: string; to: string; status: number };
const raw = (target: string, init: RequestInit = {}) => fetch(`${server.url}${target}`, { redirect: "manual", ...init });
const add = (rule: Record<string, unknown>) => admin.call("POST", "/api/admin/redirects", rule);
const list = async (): Promise<Row[]> => ((await (await admin.get("/api/admin/redirects")).json()) as { redirects: Row[] }).redirects;
async function clear() {
  for (const row of await list()) expect((await admin.call("DELETE", `/api/admin/redirects/${row.id}`)).status).toBe(200);
}

/** The process that served the hostile requests is the one still serving: same child, alive, answering. */
async function sameProcessServes(pid: number | undefined) {
  expect(server.child.pid).toBe(pid);
  expect([server.child.exitCode, server.child.signalCode]).toEqual([null, null]);
  expect((await raw("/healthz")).status).toBe(200);
  expect((await raw("/about")).status).toBe(200);
}

/** Bytes as sent, for what Node's own client refuses to send (a control character in a header). */
function rawBytes(text: string): Promise<string> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(Buffer.from(text, "latin1")));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("close", () => resolve(answer.split("\r\n")[0]!));
    socket.on("error", reject);
  });
}

describe("a listener before Express that throws", () => {
  it("answers 500 and logs, for each of the three, and the same process serves on", async () => {
    const pid = server.child.pid;
    await raw("/about"); // cached, so the front cache answers it
    const cases: Array<[string, string, RequestInit]> = [
      ["redirects", "/about", {}],
      ["beacons", "/api/analytics", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }],
      ["front-cache", "/about", {}],
    ];
    for (const [name, target, init] of cases) {
      const res = await raw(target, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), "x-clink-faults": `listener.${name}` },
      });
      expect([name, res.status]).toEqual([name, 500]);
      expect(((await res.json()) as { message: string }).message).toBe("Something went wrong on our side. Please try again.");
      await eventually(async () => server.output().includes(`"listener":"${name}","msg":"unhandled error before Express"`));
    }
    await sameProcessServes(pid);
  });
});

describe("hostile input", () => {
  it("in paths and headers, to every listener, is answered and never ends the process", async () => {
    const pid = server.child.pid;
    expect((await add({ from: "/x/*", to: "/y/*", status: 301 })).status).toBe(201);
    const paths = [
      "/x/%E3%83%96",
      "/x/%01%1B%7F",
      "/%E3%83%96%F0%9F%8D%BA",
      "/about/%01",
      "/about?q=%1B%7F",
      "/x/%C3%BF.data",
      "/api/analytics?%01",
    ];
    // Latin-1 bytes above U+007F pass Node's parser as header text; every header a listener reads or echoes.
    const headers = {
      "x-request-id": "\u00ff\u00e9",
      "user-agent": "\u00ff",
      origin: "http://\u00e9",
      "accept-encoding": "\u00ff",
      "if-none-match": '"\u00ff"',
      cookie: "a=\u00ff",
      "x-forwarded-proto": "\u00ff",
      "x-forwarded-for": "\u00ff",
    };
    for (const target of paths) {
      for (const method of ["GET", "HEAD", "POST"]) {
        const res = await rawRequest(server.url, { method, path: target, headers, ...(method === "POST" ? { body: "{}" } : {}) });
        expect(res.status, `${method} ${target}`).toBeLessThan(500);
      }
    }
    const beacon = await rawRequest(server.url, {
      method: "POST",
      path: "/api/analytics",
      headers: { ...headers, "content-type": "text/plain" },
      body: '{"p":"/\u00ff"}',
    });
    expect(beacon.status).toBeLessThan(500);
    // Raw bytes and control characters Node's client will not send: the server's parser refuses them (400).
    for (const request of [
      "GET /x/\u00e3\u0083\u0096 HTTP/1.1",
      "GET /x/\u0001 HTTP/1.1",
      "GET /about HTTP/1.1\r\nX-Request-Id: \u001b",
      "GET /about HTTP/1.1\r\nUser-Agent: \u007f",
    ]) {
      expect(await rawBytes(`${request}\r\nHost: a\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/);
    }
    await sameProcessServes(pid);
    await clear();
  });

  it("stores an IRI target as a URI and answers it encoded, as a page and as a client navigation", async () => {
    const pid = server.child.pid;
    const rules: Array<[string, string, string]> = [
      ["/jp", "/ブログ", "/%E3%83%96%E3%83%AD%E3%82%B0"],
      ["/beer", "/🍺", "/%F0%9F%8D%BA"],
      ["/away", "https://例え.jp/パス", "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"],
      ["/cafe", "/café", "/caf%C3%A9"],
    ];
    for (const [from, to, stored] of rules) {
      const res = await add({ from, to, status: 301 });
      expect(res.status, to).toBe(201);
      expect(((await res.json()) as Row).to).toBe(stored);
      const page = await raw(from);
      expect([page.status, page.headers.get("location")]).toEqual([301, stored]);
      const data = await raw(`${from}.data?_routes=root`);
      expect([data.status, data.headers.get("x-remix-redirect")]).toEqual([204, stored]);
    }
    await sameProcessServes(pid);
    await clear();
  });

  it("refuses control characters with 400 and a clear message, by the API, the CSV import and Ghost's redirects.json", async () => {
    for (const [character, code] of [
      ["\u0001", "U+0001"],
      ["\u001b", "U+001B"],
      ["\u007f", "U+007F"],
    ] as const) {
      const res = await add({ from: "/ctl", to: `/a${character}b`, status: 301 });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(`The target holds a control character (${code}); remove it`);
      const from = await add({ from: `/ctl${character}`, to: "/b", status: 301 });
      expect(((await from.json()) as { message: string }).message).toBe(
        `The address to redirect holds a control character (${code}); remove it`,
      );
      const csv = await admin.call("POST", "/api/admin/redirects/import", {
        format: "csv",
        content: `from,to,status\n/ctl,/a${character}b,301\n/fine,/ブログ,301\n`,
      });
      expect(await csv.json()).toEqual({
        imported: 1,
        skipped: 1,
        problems: [`Line 2: The target holds a control character (${code}); remove it`],
      });
      const ghost = await admin.call("POST", "/api/admin/redirects/import", {
        format: "ghost",
        content: JSON.stringify([{ from: "^/ctl/$", to: `/a${character}b`, permanent: true }]),
      });
      expect(await ghost.json()).toEqual({
        imported: 0,
        skipped: 1,
        problems: [`Entry 1: The target holds a control character (${code}); remove it`],
      });
      expect((await list()).map((row) => [row.from, row.to])).toEqual([["/fine", "/%E3%83%96%E3%83%AD%E3%82%B0"]]);
      await clear();
    }
  });

  it("never lets a prefix rule's substitution become protocol-relative or change host", async () => {
    expect((await add({ from: "/x/*", to: "/*", status: 301 })).status).toBe(201);
    expect((await add({ from: "/ext/*", to: "https://example.com*", status: 302 })).status).toBe(201);
    for (const target of ["/x//evil.example/x", "/x/%2F%2Fevil.example", "/x/\\evil.example"]) {
      const res = await rawRequest(server.url, { path: target });
      const location = String(res.headers.location ?? "");
      expect(location, target).not.toMatch(/^[/\\]{2}/);
      expect(new URL(location || "/", "http://site.test").host, target).toBe("site.test");
    }
    expect((await rawRequest(server.url, { path: "/x//evil.example/x" })).headers.location).toBe("/evil.example/x");
    for (const target of ["/ext/@evil.example", "/ext/.evil.example", "/ext/:80@evil.example/"]) {
      const location = (await raw(target)).headers.get("location");
      if (location) expect(new URL(location).host, target).toBe("example.com");
    }
    expect((await raw("/ext/@evil.example")).headers.get("location")).toBe("https://example.com/@evil.example");
    await clear();
  });
});

describe("rules saved before targets were URIs", () => {
  it("are encoded by the migration or when loaded, a control character's rule is skipped, and the same process serves on", async () => {
    const migration = fs.readFileSync(path.join(ROOT, "drizzle/0033_redirect_targets_as_uris.sql"), "utf8");
    const seed = [
      `INSERT INTO redirects (from_path, to_target, status) VALUES ('/old-jp', '/ブログ', 301), ('/old-away', 'https://例え.jp/パス', 302), ('/old-cafe', '/café', 301)`,
      migration.replace(/--[^\n]*\n/g, ""),
      // Saved after the migration ran, as a rule of a version before it would be read: encoded when loaded.
      `INSERT INTO redirects (from_path, to_target, status) VALUES ('/late', '/🍺', 301), ('/ctl-1', E'/a\\x01b', 301), ('/ctl-1b', E'/a\\x1bb', 301), ('/ctl-7f', E'/a\\x7fb', 301)`,
    ].join(";\n");
    server = await seedAndRestart(server, seed, { env });
    admin = await adminApi(server);
    const pid = server.child.pid;
    const stored = Object.fromEntries((await list()).map((row) => [row.from, row.to]));
    expect(stored).toMatchObject({
      "/old-jp": "/%E3%83%96%E3%83%AD%E3%82%B0",
      "/old-away": "https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9",
      "/old-cafe": "/caf%C3%A9",
    });
    const answers: Array<[string, number, string | null]> = [
      ["/old-jp", 301, "/%E3%83%96%E3%83%AD%E3%82%B0"],
      ["/old-away", 302, "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"],
      ["/old-cafe", 301, "/caf%C3%A9"],
      ["/late", 301, "/%F0%9F%8D%BA"],
    ];
    for (const [from, status, location] of answers) {
      const res = await raw(from);
      expect([from, res.status, res.headers.get("location")]).toEqual([from, status, location]);
    }
    for (const from of ["/ctl-1", "/ctl-1b", "/ctl-7f"]) expect((await raw(from)).status, from).toBe(404);
    expect(server.output()).toContain("a redirect rule's target is not an address: the rule is skipped until it is saved again");
    await sameProcessServes(pid);
  });
});
