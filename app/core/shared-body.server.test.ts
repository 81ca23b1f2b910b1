import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sharedBodyResponse } from "./shared-body.server";

const ask = (headers: Record<string, string> = {}) => new Request("http://site.test/file", { headers });

describe("sharedBodyResponse", () => {
  it("makes a body once per version, keeps it compressed, and answers each client in an encoding it takes", async () => {
    let made = 0;
    const body = (version: string) => ({ key: "test-file", version, contentType: "text/plain; charset=utf-8", make: () => (made++, `version ${version} `.repeat(200)) });

    const gzipped = await sharedBodyResponse(ask({ "accept-encoding": "gzip" }), body("1"));
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe("version 1 ".repeat(200));

    const plain = await sharedBodyResponse(ask(), body("1"));
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("version 1 ".repeat(200));
    expect(made).toBe(1);

    const etag = plain.headers.get("etag")!;
    expect((await sharedBodyResponse(ask({ "if-none-match": etag }), body("1"))).status).toBe(304);

    const next = await sharedBodyResponse(ask(), body("2"));
    expect(await next.text()).toBe("version 2 ".repeat(200));
    expect(next.headers.get("etag")).not.toBe(etag);
    expect(made).toBe(2);
  });
});
