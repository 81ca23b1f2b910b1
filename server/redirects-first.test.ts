import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { redirectsFirst } from "./redirects-first";

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const next: RequestListener = (_req, res) => res.end("page");

describe("the redirect rules in front of everything", () => {
  it("answers a rule known now, one that must be read first, and 410; passes the rest on", async () => {
    const asked: string[] = [];
    const url = await serve(
      redirectsFirst((pathname, search) => {
        asked.push(pathname + search);
        if (pathname === "/now") return { status: 301, location: `/there${search}` };
        if (pathname === "/later") return Promise.resolve({ status: 308, location: "https://example.com/" });
        if (pathname === "/gone") return { status: 410, location: null };
        if (pathname === "/broken") return Promise.reject(new Error("database down"));
        return undefined;
      }, next),
    );
    const get = (path: string, init: RequestInit = {}) => fetch(`${url}${path}`, { redirect: "manual", ...init });
    const now = await get("/now?a=1");
    expect([now.status, now.headers.get("location"), now.headers.get("cache-control")]).toEqual([301, "/there?a=1", "public, max-age=60"]);
    expect((await get("/later")).headers.get("location")).toBe("https://example.com/");
    const gone = await get("/gone");
    expect([gone.status, gone.headers.get("location")]).toEqual([410, null]);
    expect((await get("/gone", { method: "HEAD" })).status).toBe(410);
    // Unknown, unreadable (the page is served rather than an error), a POST, an asset, an unclean address: the page.
    for (const [path, init] of [["/page", {}], ["/broken", {}], ["/now", { method: "POST" }], ["/assets/app.js", {}], ["/now%ZZ", {}]] as const) {
      expect(await (await get(path, init)).text(), path).toBe("page");
    }
    expect(asked).not.toContain("/assets/app.js");
  });
});
