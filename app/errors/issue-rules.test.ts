import { describe, expect, it } from "vitest";
import { countedIn, isOutsideAnswer, reopens } from "./issue-rules";

describe("an issue's bookkeeping", () => {
  it("counts pages and browsers, bounded in how many names it keeps", () => {
    expect(countedIn({}, "/a", 2)).toEqual({ "/a": 1 });
    expect(countedIn({ "/a": 1 }, "/a", 2)).toEqual({ "/a": 2 });
    expect(countedIn({ "/a": 1, "/b": 1 }, "/c", 2)).toEqual({ "/a": 1, "/b": 1 });
    expect(countedIn({ "/a": 1 }, null, 2)).toEqual({ "/a": 1 });
  });

  it("reopens a resolved issue only when it comes back in another release", () => {
    expect(reopens({ resolved: true, resolvedRelease: "abc" }, "abc")).toBe(false);
    expect(reopens({ resolved: true, resolvedRelease: "abc" }, "def")).toBe(true);
    expect(reopens({ resolved: false, resolvedRelease: null }, "def")).toBe(false);
  });
});

describe("a mapped frame's file", () => {
  it("names the site's source, not the build's relative path", async () => {
    const { sourcePath } = await import("./stack-text");
    expect(sourcePath("../../app/routes/_marketing/home.tsx")).toBe("app/routes/_marketing/home.tsx");
    expect(sourcePath("/srv/clink/node_modules/react-dom/cjs/x.js")).toBe("node_modules/react-dom/cjs/x.js");
    expect(sourcePath("file:///srv/clink/server/index.ts")).toBe("server/index.ts");
  });
});

describe("the alert e-mail", () => {
  it("goes at most once an hour per issue", async () => {
    const { alertDue } = await import("./issue-rules");
    const now = new Date("2026-12-06T12:00:00Z");
    expect(alertDue(null, now)).toBe(true);
    expect(alertDue(new Date("2026-12-06T11:01:00Z"), now)).toBe(false);
    expect(alertDue(new Date("2026-12-06T11:00:00Z"), now)).toBe(true);
  });
});

describe("what is not an error of ours", () => {
  it("is a mail server's refusal (an SMTP reply code), not an exception of our code", () => {
    expect(isOutsideAnswer(Object.assign(new Error("550 Mailbox unavailable"), { responseCode: 550 }))).toBe(true);
    expect(isOutsideAnswer(new Error("boom"))).toBe(false);
    expect(isOutsideAnswer("550")).toBe(false);
  });
});
