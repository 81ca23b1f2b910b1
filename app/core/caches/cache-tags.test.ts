import { describe, expect, it } from "vitest";
import {
  browserMaxAge,
  cacheTagHeaders,
  cacheTagList,
  cleanTag,
  isShareable,
  MAX_TAG_HEADER_BYTES,
  pathTag,
  sharedCacheControl,
} from "./cache-tags";

describe("cache tags", () => {
  it("are cleaned: lower case, printable, no separators", () => {
    expect(cleanTag(" Post-12 ")).toBe("post-12");
    expect(cleanTag("a,b")).toBeUndefined();
    expect(cleanTag("café")).toBeUndefined();
    expect(cleanTag("")).toBeUndefined();
    expect(cleanTag("x".repeat(1025))).toBeUndefined();
  });

  it("name an address by its path, without a trailing slash", () => {
    expect(pathTag("/about/")).toBe("path:/about");
    expect(pathTag("/")).toBe("path:/");
  });

  it("come from headers and lists, each once, in order", () => {
    expect(cacheTagList(["site"], "post-1 post-2,post-1", undefined, ["BLOG"])).toEqual(["site", "post-1", "post-2", "blog"]);
  });

  it("go into both headers, within 16 KB, the first kept", () => {
    expect(cacheTagHeaders(["site", "post-1"])).toEqual({ "surrogate-key": "site post-1", "cache-tag": "site,post-1" });
    const many = ["site", ...Array.from({ length: 3000 }, (_, i) => `post-${i}`)];
    const headers = cacheTagHeaders(many);
    expect(headers["cache-tag"].length).toBeLessThanOrEqual(MAX_TAG_HEADER_BYTES);
    expect(headers["surrogate-key"].startsWith("site post-0 ")).toBe(true);
  });

  it("give the edge a minute without a purger, and its lifetime with stale answers when purged", () => {
    expect(sharedCacheControl({ purged: false, maxAge: 86400 })).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(sharedCacheControl({ purged: true, maxAge: 86400 }, 300)).toBe(
      "public, max-age=300, s-maxage=86400, stale-while-revalidate=600, stale-if-error=604800",
    );
  });

  it("read a route's browser lifetime and whether it may be shared", () => {
    expect(browserMaxAge("public, max-age=300")).toBe(300);
    expect(browserMaxAge("public, s-maxage=10")).toBe(0);
    expect(isShareable("public, max-age=0, must-revalidate")).toBe(true);
    expect(isShareable("private, no-store")).toBe(false);
    expect(isShareable("no-cache")).toBe(false);
  });
});
