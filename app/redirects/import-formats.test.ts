import { describe, expect, it } from "vitest";
import { csvLines, ghostFrom, ghostLines, rulesToCsv } from "./import-formats";
import { redirectInputSchema, reservedProblem } from "./schema";

describe("CSV of rules", () => {
  it("round-trips, quoted fields included", () => {
    const rules = [
      { from: "/a", to: "/b?x=1,2", status: 301 as const },
      { from: "/gone", to: "", status: 410 as const },
      { from: "/c/*", to: 'https://e.example/"q"/*', status: 308 as const },
    ];
    const csv = rulesToCsv(rules);
    expect(csv.split("\r\n")[0]).toBe("from,to,status");
    expect(csvLines(csv)).toEqual(rules.map((rule, i) => ({ line: i + 2, fields: { ...rule, status: String(rule.status) } })));
  });

  it("reads a file without a header, LF line ends, a missing status as 301, and names a bad line", () => {
    expect(csvLines("/a,/b\n\n/c,/d,302\nonly-one\n")).toEqual([
      { line: 1, fields: { from: "/a", to: "/b", status: "301" } },
      { line: 3, fields: { from: "/c", to: "/d", status: "302" } },
      { line: 4, problem: "Line 4: expected from,to,status" },
    ]);
  });

  it("undoes the export's formula guard", () => {
    expect(csvLines("'=cmd,/b,301")).toEqual([{ line: 1, fields: { from: "=cmd", to: "/b", status: "301" } }]);
  });
});

describe("Ghost's redirects.json", () => {
  it("reads the common literal forms and a trailing (.*)", () => {
    expect(ghostFrom("^/old/$")).toEqual({ from: "/old/", prefix: false });
    expect(ghostFrom("^/old/?$")).toEqual({ from: "/old", prefix: false });
    expect(ghostFrom("/old-post")).toEqual({ from: "/old-post", prefix: false });
    expect(ghostFrom("^\\/blog\\/page\\.html$")).toEqual({ from: "/blog/page.html", prefix: false });
    expect(ghostFrom("^/tag/(.*)")).toEqual({ from: "/tag/*", prefix: true });
  });

  it("refuses any other pattern, entry by entry", () => {
    const lines = ghostLines(
      JSON.stringify([
        { from: "^/a/$", to: "/b/", permanent: true },
        { from: "^/(cat|dog)/$", to: "/pets/", permanent: false },
        { from: "^/old/(.*)", to: "/new/$1", permanent: false },
        { from: "^/x/([0-9]+)/y", to: "/z/$1" },
        { nope: 1 },
      ]),
    );
    expect(lines[0]).toEqual({ line: 1, fields: { from: "/a/", to: "/b/", status: 301 } });
    expect(lines[1]).toMatchObject({ line: 2, problem: expect.stringContaining('Entry 2: "^/(cat|dog)/$" is a pattern') });
    expect(lines[2]).toEqual({ line: 3, fields: { from: "/old/*", to: "/new/*", status: 302 } });
    expect(lines[3]).toMatchObject({ problem: expect.stringContaining("Entry 4") });
    expect(lines[4]).toEqual({ line: 5, problem: "Entry 5: expected {from, to, permanent}" });
    expect(ghostLines("{")).toEqual([{ line: 0, problem: "The file is not valid JSON" }]);
  });
});

describe("the rule's schema", () => {
  const parse = (input: unknown) => redirectInputSchema.safeParse(input);
  it("takes a path or prefix, a path or URL, and one of the five statuses", () => {
    expect(parse({ from: "/old", to: "/new", status: 301 }).data).toEqual({ from: "/old", to: "/new", status: 301 });
    expect(parse({ from: "/café/*", to: "https://example.com/x/*", status: "308" }).data).toEqual({
      from: "/caf%C3%A9/*",
      to: "https://example.com/x/*",
      status: 308,
    });
    expect(parse({ from: "/gone", to: "/ignored", status: 410 }).data).toEqual({ from: "/gone", to: "", status: 410 });
  });

  it("says what is wrong", () => {
    const message = (input: unknown) => parse(input).error?.issues[0]?.message;
    expect(message({ from: "old", to: "/new", status: 301 })).toBe("The address to redirect is a path starting with /, such as /old-page");
    expect(message({ from: "/a*b", to: "/new", status: 301 })).toBe("A * may only end the address (a prefix, such as /old/*)");
    expect(message({ from: "/a", to: "", status: 301 })).toBe("Give the address to send visitors to");
    expect(message({ from: "/a", to: "javascript:alert(1)", status: 301 })).toBe(
      "The target is a path starting with / or an address starting with https://",
    );
    expect(message({ from: "/a", to: "/b", status: 303 })).toBe("Choose 301, 302, 307, 308 or 410");
    expect(message({ from: "/a", to: "/b/*", status: 301 })).toBe("A target may end in * only when the address to redirect does");
    expect(message({ from: "/a", to: "/a", status: 301 })).toBe("This rule would make a loop: /a -> /a");
    expect(message({ from: "/admin/x", to: "/b", status: 301 })).toBe("Addresses under /admin cannot be redirected");
  });

  it("keeps the admin, the API and the site's machinery out of reach, prefixes included", () => {
    expect(reservedProblem("/")).toBe("The home page cannot be redirected");
    expect(reservedProblem("/*")).not.toBeNull();
    expect(reservedProblem("/ad*")).toBe("Addresses under /admin cannot be redirected");
    expect(reservedProblem("/api/blog")).not.toBeNull();
    expect(reservedProblem("/apiary")).toBeNull();
    expect(reservedProblem("/about")).toBeNull();
  });
});
