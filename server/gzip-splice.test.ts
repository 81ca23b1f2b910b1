import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, prepareSplicedGzip, splicedGzip } from "./gzip-splice";

describe("splicedGzip", () => {
  it("gives a valid gzip of the page with this request's nonce in every place", () => {
    const page = `<script nonce="AAAA">x</script>${"<p>café ☕ text</p>".repeat(500)}<link nonce="AAAA"/>{"cspNonce":"AAAA"}`;
    const prepared = prepareSplicedGzip(page, "AAAA");
    const zipped = Buffer.concat(splicedGzip(prepared, "n0nce+/="));
    expect(gunzipSync(zipped).toString("utf8")).toBe(page.replaceAll("AAAA", "n0nce+/="));
    expect(zipped.length).toBeLessThan(Buffer.byteLength(page) / 5);
    // A nonce of the prepared one's length (every real one) takes the precomputed CRC shifts.
    for (const nonce of ["BBBB", "z9+/"]) expect(gunzipSync(Buffer.concat(splicedGzip(prepared, nonce))).toString("utf8")).toBe(page.replaceAll("AAAA", nonce));
  });

  it("works when the nonce does not appear, and for an empty page", () => {
    expect(gunzipSync(Buffer.concat(splicedGzip(prepareSplicedGzip("plain", "zz"), "yy"))).toString()).toBe("plain");
    expect(gunzipSync(Buffer.concat(splicedGzip(prepareSplicedGzip("", "zz"), "yy"))).toString()).toBe("");
  });
});

describe("crc32Combine", () => {
  it("gives the CRC-32 of two buffers joined, for lengths from 0 to 100,000 bytes", () => {
    for (const [lengthA, lengthB] of [[0, 0], [0, 7], [5, 0], [1, 1], [13, 24], [1000, 4096], [70_000, 100_000], [3, 65_537]]) {
      const a = randomBytes(lengthA!);
      const b = randomBytes(lengthB!);
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});
