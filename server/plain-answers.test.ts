import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { listenersServedPerTest } from "../tests/support/listener-server";
import { answeringFaults, protocolOf, requestIdOf } from "./plain-answers";

const serve = listenersServedPerTest();

describe("a listener before Express that throws", () => {
  it("answers 500 for a throw, a rejected promise and a header Node refuses, and goes on serving", async () => {
    const url = await serve(
      answeringFaults("test", (req, res) => {
        if (req.url === "/throw") throw new Error("a bug");
        if (req.url === "/reject") return Promise.reject(new Error("a later bug"));
        // ERR_INVALID_CHAR: a Location above U+00FF, as a rule typed in Japanese once was.
        if (req.url === "/header") return void res.writeHead(301, { Location: "/ブログ" }).end();
        if (req.url === "/half") return void res.setHeader("Location", "/\u0001");
        res.end("fine");
      }),
    );
    for (const path of ["/throw", "/reject", "/header", "/half"]) {
      const res = await fetch(`${url}${path}`, { redirect: "manual", headers: { "x-request-id": "trace-1" } });
      expect([path, res.status, res.headers.get("x-request-id"), res.headers.get("location")]).toEqual([path, 500, "trace-1", null]);
      expect(await res.json()).toEqual({ success: false, message: "Something went wrong on our side. Please try again." });
    }
    expect(await (await fetch(`${url}/`)).text()).toBe("fine");
  });

  it("ends the connection when the answer had already begun", async () => {
    const url = await serve(
      answeringFaults("test", (req, res) => {
        if (req.url === "/begun") {
          res.writeHead(200, { "Content-Type": "text/plain" });
          res.write("half");
          return Promise.reject(new Error("after the headers"));
        }
        res.end("fine");
      }),
    );
    await expect(fetch(`${url}/begun`).then((res) => res.text())).rejects.toThrow();
    expect(await (await fetch(`${url}/`)).text()).toBe("fine");
  });
});

describe("what Express would say of a request", () => {
  const request = (headers: Record<string, string>, remoteAddress = "10.0.0.1") =>
    ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

  it("keeps a caller's request id only when it is a plain token", () => {
    expect(requestIdOf(request({ "x-request-id": "abc-1.2:3" }))).toBe("abc-1.2:3");
    for (const given of ["", "a b", "x".repeat(101), "\u00ff"])
      expect(requestIdOf(request({ "x-request-id": given }))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reads X-Forwarded-Proto only from a trusted proxy", () => {
    expect(protocolOf(request({ "x-forwarded-proto": "https, http" }), () => true)).toBe("https");
    expect(protocolOf(request({ "x-forwarded-proto": "https" }), () => false)).toBe("http");
  });
});
