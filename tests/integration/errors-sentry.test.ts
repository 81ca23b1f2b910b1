import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, type Api } from "../support/api";
import { eventually } from "../support/eventually";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * SENTRY_DSN (issue 53): a fake Sentry on loopback receives each new error event, server and browser, as a
 * Sentry envelope (a header line, an item header, the event), with the mapped stack and no address.
 */
let receiver: http.Server;
const envelopes: Array<{ path: string; lines: unknown[] }> = [];
let server: TestServer;
let admin: Api;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const pieces: Buffer[] = [];
    req.on("data", (p: Buffer) => pieces.push(p));
    req.on("end", () => {
      let body = Buffer.concat(pieces);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      const lines = body
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as unknown;
          } catch {
            return line;
          }
        });
      envelopes.push({ path: req.url ?? "", lines });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  server = await startTestServer({
    env: {
      SEED_DEMO: "false",
      CLINK_FAULT_INJECTION: "on",
      CLINK_RELEASE: "sentry-release",
      SENTRY_DSN: `http://testkey@127.0.0.1:${port}/1`,
    },
  });
  admin = await adminApi(server);
});
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

type SentryEvent = {
  exception?: { values: Array<{ type: string; value: string; stacktrace?: { frames: Array<{ filename: string }> } }> };
  release?: string;
  tags?: Record<string, string>;
  user?: unknown;
};
const events = (): SentryEvent[] =>
  envelopes.flatMap((e) => e.lines.filter((l): l is SentryEvent => typeof l === "object" && l !== null && "exception" in l));

describe("the optional SENTRY_DSN", () => {
  it("sends each new server and browser error as a Sentry envelope", async () => {
    expect((await admin.get("/api/admin/errors", { "x-clink-faults": "errors.list" })).status).toBe(500);
    await eventually(async () => events().some((e) => e.exception?.values[0]?.value === "injected fault at errors.list"));
    const serverEvent = events().find((e) => e.exception?.values[0]?.value === "injected fault at errors.list")!;
    expect(envelopes[0]!.path).toMatch(/^\/api\/1\/envelope\/\?sentry_version=7&sentry_key=testkey/);
    expect(serverEvent.release).toBe("sentry-release");
    expect(serverEvent.tags).toMatchObject({ kind: "server", page: "/api/admin/errors" });
    expect(serverEvent.exception!.values[0]!.stacktrace!.frames.some((f) => f.filename.startsWith("app/errors/"))).toBe(true);
    expect(serverEvent.user).toBeUndefined();

    const beacon = await fetch(`${server.url}/api/errors`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "RangeError", message: "browser fault for sentry", page: "/faq?x=secret" }),
    });
    expect(beacon.status).toBe(202);
    await eventually(async () => events().some((e) => e.exception?.values[0]?.value === "browser fault for sentry"));
    const browserEvent = events().find((e) => e.exception?.values[0]?.value === "browser fault for sentry")!;
    expect(browserEvent.tags).toMatchObject({ kind: "browser", page: "/faq" });
    expect(JSON.stringify(envelopes)).not.toContain("secret");
  });
});
