import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { prepareSplicedGzip, splicedGzip } from "./gzip-splice";

describe("splicedGzip", () => {
  it("gives a valid gzip of the page with this request's nonce in every place", () => {
    const page = `<script nonce="AAAA">x</script>${"<p>café ☕ text</p>".repeat(500)}<link nonce="AAAA"/>{"cspNonce":"AAAA"}`;
    const prepared = prepareSplicedGzip(page, "AAAA");
    const zipped = splicedGzip(prepared, "n0nce+/=");
    expect(gunzipSync(zipped).toString("utf8")).toBe(page.replaceAll("AAAA", "n0nce+/="));
    expect(zipped.length).toBeLessThan(Buffer.byteLength(page) / 5);
  });

  it("works when the nonce does not appear, and for an empty page", () => {
    expect(gunzipSync(splicedGzip(prepareSplicedGzip("plain", "zz"), "yy")).toString()).toBe("plain");
    expect(gunzipSync(splicedGzip(prepareSplicedGzip("", "zz"), "yy")).toString()).toBe("");
  });
});
