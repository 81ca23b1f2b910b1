import { describe, expect, it } from "vitest";
import { browserFamily, pathOnly } from "./event";
import { fingerprint, normalizeMessage, parseStack, stableFile, topFrame } from "./fingerprint";

describe("error fingerprints", () => {
  it("take the volatile parts out of a message", () => {
    expect(normalizeMessage("Post 42 not found")).toBe("Post <n> not found");
    expect(normalizeMessage("row 3f2a9c1e-1b2c-4d5e-8f90-1234567890ab vanished")).toBe("row <id> vanished");
    expect(normalizeMessage("bad pointer 0xdeadBEEF and hash a1b2c3d4e5f6")).toBe("bad pointer <hex> and hash <hex>");
    expect(normalizeMessage("token Zk3sP0qLm9RtYv2XwB8n rejected")).toBe("token <id> rejected");
    expect(normalizeMessage("fetch https://api.example/v1/posts?id=7&email=a@b.c failed")).toBe(
      "fetch https://api.example/v<n>/posts?… failed",
    );
    expect(normalizeMessage("load /blog/post?draft=secret")).toBe("load /blog/post?…");
  });

  it("keep words, so different errors stay apart", () => {
    expect(normalizeMessage("Cannot read properties of undefined (reading 'title')")).toBe(
      "Cannot read properties of undefined (reading 'title')",
    );
  });

  it("read V8 and Safari/Firefox stacks, top frame first", () => {
    const v8 = "TypeError: x\n    at render (http://site.test/assets/home-AbCd1234.js:10:5)\n    at node:internal/process:1:1";
    expect(parseStack(v8)[0]).toEqual({ fn: "render", file: "http://site.test/assets/home-AbCd1234.js", line: 10, column: 5 });
    expect(parseStack("render@http://site.test/assets/home-AbCd1234.js:10:5\n@http://site.test/x.js:1:1")[0]).toEqual({
      fn: "render",
      file: "http://site.test/assets/home-AbCd1234.js",
      line: 10,
      column: 5,
    });
    expect(parseStack("    at file:///srv/build/server/index.js:3:9")[0]).toMatchObject({
      fn: "<anonymous>",
      file: "file:///srv/build/server/index.js",
      line: 3,
    });
    expect(stableFile("http://site.test/assets/home-AbCd1234.js?v=1")).toBe("/assets/home.js");
    expect(topFrame("Error\n    at node:internal/x:1:1\n    at go (/srv/app.js:2:3)")).toBe("go /srv/app.js");
  });

  it("group the same error from another id, another line or another build", () => {
    const a = fingerprint("browser", "TypeError", "Post 42 missing", "at render (https://s.test/assets/home-AbCd1234.js:10:5)");
    const b = fingerprint("browser", "TypeError", "Post 7 missing", "at render (https://s.test/assets/home-ZyXw9876.js:12:9)");
    expect(a).toBe(b);
    expect(fingerprint("server", "TypeError", "Post 42 missing", "at render (https://s.test/assets/home-AbCd1234.js:10:5)")).not.toBe(a);
    expect(fingerprint("browser", "RangeError", "Post 42 missing", "at render (https://s.test/assets/home-AbCd1234.js:10:5)")).not.toBe(a);
    expect(fingerprint("browser", "TypeError", "Post 42 missing", "at other (https://s.test/assets/home-AbCd1234.js:10:5)")).not.toBe(a);
  });

  it("keep a page's path and a browser's family only", () => {
    expect(pathOnly("/blog/post?email=a@b.c#top")).toBe("/blog/post");
    expect(pathOnly(null)).toBeNull();
    expect(browserFamily("Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1")).toBe("Safari");
    expect(browserFamily("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36")).toBe("Chrome");
    expect(browserFamily("Mozilla/5.0 Firefox/121.0")).toBe("Firefox");
  });
});
