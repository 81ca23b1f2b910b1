import type { RequestListener } from "node:http";
import { describe, expect, it } from "vitest";
import { listenersServedPerTest } from "../tests/support/listener-server";
import { addResponseObserver, type ResponseInfo } from "~/core/http/response-observers";
import { dataRequestOf, redirectsFirst } from "./redirects-first";

const serve = listenersServedPerTest();

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
    for (const [path, init] of [
      ["/page", {}],
      ["/broken", {}],
      ["/now", { method: "POST" }],
      ["/assets/app.js", {}],
      ["/now%ZZ", {}],
    ] as const) {
      expect(await (await get(path, init)).text(), path).toBe("page");
    }
    expect(asked).not.toContain("/assets/app.js");
  });
});

describe("React Router's data requests", () => {
  it("reads the page a data request is for, without the router's _routes", () => {
    expect(dataRequestOf("/old.data", "?_routes=root%2Cx&a=1")).toEqual({ page: "/old", search: "?a=1" });
    expect(dataRequestOf("/old/_.data", "")).toEqual({ page: "/old/", search: "" });
    expect(dataRequestOf("/_root.data", "?_routes=root")).toEqual({ page: "/", search: "" });
    expect(dataRequestOf("/old", "?a=1")).toBeNull();
  });

  it("answers a rule's redirect as 204 with X-Remix-Redirect, a 410 as 410, and tells the observers", async () => {
    const seen: ResponseInfo[] = [];
    const stop = addResponseObserver((info) => seen.push(info));
    try {
      const url = await serve(
        redirectsFirst(
          (pathname, search) =>
            pathname === "/old"
              ? { status: 301, location: `/new${search}` }
              : pathname === "/gone"
                ? { status: 410, location: null }
                : undefined,
          next,
          { trustProxy: () => true },
        ),
      );
      const data = await fetch(`${url}/old.data?_routes=root&q=1`, {
        redirect: "manual",
        headers: { "user-agent": "GPTBot/1.1", "x-forwarded-for": "192.0.2.7" },
      });
      expect([data.status, data.headers.get("x-remix-redirect"), data.headers.get("x-remix-status"), data.headers.get("location")]).toEqual(
        [204, "/new?q=1", "301", null],
      );
      const proxied = { "x-forwarded-for": "192.0.2.7" };
      const gone = await fetch(`${url}/gone.data`, { redirect: "manual", headers: proxied });
      expect([gone.status, await gone.text()]).toEqual([410, "Gone: this page was removed.\n"]);
      expect(await (await fetch(`${url}/other.data`)).text()).toBe("page");
      await fetch(`${url}/old`, { redirect: "manual", headers: proxied });
      expect(seen.map((info) => [info.path, info.status, info.ip, info.userAgent])).toEqual([
        ["/old.data", 204, "192.0.2.7", "GPTBot/1.1"],
        ["/gone.data", 410, "192.0.2.7", "node"],
        ["/old", 301, "192.0.2.7", "node"],
      ]);
    } finally {
      stop();
    }
  });
});
