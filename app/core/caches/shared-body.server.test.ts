import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sharedBodyResponse } from "./shared-body.server";

/** Pieces whose first is a fault. */
const failingPieces = (message: string): AsyncIterable<string> => ({
  [Symbol.asyncIterator]: () => ({
    next: async () => {
      throw new Error(message);
    },
  }),
});

const ask = (headers: Record<string, string> = {}) => new Request("http://site.test/file", { headers });

describe("sharedBodyResponse", () => {
  it("makes a body once per version, keeps it compressed, and answers each client in an encoding it takes", async () => {
    let made = 0;
    const body = (version: string) => ({
      key: "test-file",
      version,
      contentType: "text/plain; charset=utf-8",
      make: () => (made++, `version ${version} `.repeat(200)),
    });

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

  it("sends a body given in pieces as each is made, makes no piece before the client asks for it, and keeps the whole for the next client", async () => {
    let made = 0;
    const piece = "x".repeat(256 * 1024);
    const body = {
      key: "test-pieces",
      version: "1",
      contentType: "text/plain; charset=utf-8",
      pieces: async function* () {
        for (let i = 0; i < 400; i++) {
          made += 1;
          // Random text: gzip cannot shrink it to nothing, so the pipe's buffers fill as they would.
          yield `${i}:${piece}:${Math.random().toString(36).repeat(64)}\n`;
        }
      },
    };

    // A client that reads a little and waits: the server makes a few pieces ahead, not the 100 MB.
    const partial = await sharedBodyResponse(ask({ "accept-encoding": "gzip" }), body);
    expect(partial.headers.get("content-encoding")).toBe("gzip");
    const reader = partial.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBeLessThan(40);
    await reader.cancel();
    made = 0;

    // A client that reads it all gets every piece, in order; the next is answered from what was kept.
    const whole = await sharedBodyResponse(ask({ "accept-encoding": "gzip" }), {
      ...body,
      pieces: async function* () {
        for (let i = 0; i < 3; i++) yield `piece ${i};`;
      },
    });
    expect(gunzipSync(Buffer.from(await whole.arrayBuffer())).toString()).toBe("piece 0;piece 1;piece 2;");
    const again = await sharedBodyResponse(ask(), { ...body, pieces: () => failingPieces("made again") });
    expect(await again.text()).toBe("piece 0;piece 1;piece 2;");
  });

  it("answers a fault in the first piece as an error, not a cut-off success", async () => {
    const failing = { key: "test-failing", version: "1", contentType: "text/plain", pieces: () => failingPieces("database gone") };
    await expect(sharedBodyResponse(ask(), failing)).rejects.toThrow("database gone");
  });
});
