import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { unzipCounted } from "./content-archive";
import { GhostBodyRefused, htmlDepth, htmlToMarkdown, MAX_HTML_DEPTH } from "./ghost-body";
import { longJsonString } from "./import-read.server";

describe("how deep HTML nests", () => {
  it("counts nested elements, not void ones or those whose end tag may be left out", () => {
    expect(htmlDepth("<div><section><p>a<p>b<ul><li>c<li>d</ul></section></div>")).toBe(3);
    expect(htmlDepth("<p>one<br><img src=x><hr/><p>two")).toBe(0);
    expect(htmlDepth("<div>".repeat(500), 10)).toBe(11); // stops counting past the limit
  });

  it("reads a pathological document in time linear to its length (no tag scan runs past the next '<')", () => {
    const started = performance.now();
    expect(htmlDepth("<a".repeat(200_000))).toBe(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses HTML deeper than the limit before turndown sees it", () => {
    expect(() => htmlToMarkdown("<div>".repeat(MAX_HTML_DEPTH + 1) + "x")).toThrow(GhostBodyRefused);
    expect(htmlToMarkdown("<div>".repeat(MAX_HTML_DEPTH) + "x")).toBe("x");
  });
});

// The archive-wide limit (MAX_UNPACKED_BYTES) is tested at the HTTP boundary, in tests/integration/import-limits.test.ts.
describe("a zip's real size", () => {
  /** A zip whose entry declares `declared` bytes (its headers rewritten) but holds `real` zero bytes. */
  function lyingZip(real: number, declared: number): Uint8Array {
    const zip = zipSync({ "images/big": new Uint8Array(real) }, { level: 9 });
    const view = new DataView(zip.buffer);
    for (let at = 0; at < zip.length - 4; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50) view.setUint32(at + 22, declared, true); // local header: uncompressed size
      if (signature === 0x02014b50) view.setUint32(at + 24, declared, true); // central directory: uncompressed size
    }
    return zip;
  }

  it("is counted as it inflates: an entry unpacking past what it declares is refused there", () => {
    expect(() => unzipCounted(lyingZip(8 * 2 ** 20, 4096), () => true)).toThrow(/unpacks to more than the 4096 bytes it declares/);
  });

  it("gives back exactly what an honest zip holds, and skips what is not kept", () => {
    const files = unzipCounted(zipSync({ "manifest.json": strToU8("{}"), "other/x": strToU8("skip") }), (name) => name === "manifest.json");
    expect(Object.keys(files)).toEqual(["manifest.json"]);
    expect(new TextDecoder().decode(files["manifest.json"])).toBe("{}");
  });
});

describe("a JSON string too long to parse", () => {
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  it("is found in the bytes, with its key and the post's slug before it", () => {
    const file = bytes({
      db: [
        {
          data: {
            posts: [
              { slug: "short", html: "<p>ok</p>" },
              { slug: "huge", title: "x", html: 'a"b'.repeat(40) },
            ],
          },
        },
      ],
    });
    expect(longJsonString(file, 100)).toEqual({ key: "html", slug: "huge", length: 160 });
    expect(longJsonString(file, 1000)).toBeNull();
  });
});
