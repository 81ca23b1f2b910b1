import { describe, expect, it } from "vitest";
import { asUri, BUILT_IN_RULES, controlCharacterIn, isPrefix, normalPath, RuleSet, targetOf, type Rule } from "./rules";

const rule = (id: number, from: string, to: string, status: Rule["status"] = 301): Rule => ({ id, from, to, status });

describe("matching an address", () => {
  const rules = new RuleSet([
    rule(1, "/old", "/new"),
    rule(2, "/docs/*", "/guide/*", 308),
    rule(3, "/docs/legacy/*", "https://archive.example.com/legacy", 302),
    rule(4, "/gone", "", 410),
    rule(5, "/promo", "/offers?from=promo"),
  ]);

  it("answers an exact rule, with or without a trailing slash, and keeps the query", () => {
    expect(rules.answer("/old")).toMatchObject({ status: 301, location: "/new" });
    expect(rules.answer("/old/", "?a=1")).toMatchObject({ status: 301, location: "/new?a=1" });
    expect(rules.answer("/older")).toBeUndefined();
    expect(rules.answer("/Old")).toBeUndefined();
  });

  it("answers the longest prefix, carrying the rest of the address into a target ending in *", () => {
    expect(rules.answer("/docs/a/b")).toMatchObject({ status: 308, location: "/guide/a/b" });
    expect(rules.answer("/docs/legacy/x")).toMatchObject({ status: 302, location: "https://archive.example.com/legacy" });
    expect(rules.answer("/docs")).toBeUndefined();
  });

  it("answers 410 without a location, and a target's own query wins", () => {
    expect(rules.answer("/gone")).toMatchObject({ status: 410, location: null });
    expect(rules.answer("/promo", "?utm=x")).toMatchObject({ location: "/offers?from=promo" });
  });

  it("has the feed addresses built in, and an admin's rule takes a built-in's place", () => {
    for (const path of ["/rss.xml", "/rss/", "/rss", "/feed"])
      expect(rules.answer(path)).toMatchObject({ status: 301, location: "/blog/rss.xml", rule: { id: 0 } });
    expect(new RuleSet([rule(9, "/feed", "/news")]).answer("/feed")).toMatchObject({ location: "/news", rule: { id: 9 } });
  });

  it("follows a chain a prefix rule makes, answering its end in one redirect with the first rule's status", () => {
    const chained = new RuleSet([rule(1, "/a/*", "/b/*", 302), rule(2, "/b/x", "/c")]);
    expect(chained.answer("/a/x")).toMatchObject({ status: 302, location: "/c", rule: { id: 1 } });
    expect(new RuleSet([rule(1, "/a/*", "/b/*"), rule(2, "/b/*", "", 410)]).answer("/a/x")).toMatchObject({ status: 410 });
  });
});

describe("targets as URIs", () => {
  it("percent-encodes an IRI, keeps a trailing *, and refuses control characters and other sites", () => {
    expect(asUri("/ブログ")).toBe("/%E3%83%96%E3%83%AD%E3%82%B0");
    expect(asUri("/🍺")).toBe("/%F0%9F%8D%BA");
    expect(asUri("/café?x=é#ö")).toBe("/caf%C3%A9?x=%C3%A9#%C3%B6");
    expect(asUri("https://例え.jp/パス")).toBe("https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
    expect(asUri("/new/*")).toBe("/new/*");
    expect(asUri("https://example.com*")).toBe("https://example.com/*");
    expect(asUri("/already%20encoded")).toBe("/already%20encoded");
    for (const bad of ["/a\u0001", "/a\u001b", "/a\u007f", "https://x.example/\u0085", "//evil.example", "/\\evil.example", "https://"])
      expect(asUri(bad), bad).toBeNull();
    expect(controlCharacterIn("/a\u001bb")).toBe("U+001B");
  });

  it("never lets a substituted rest leave the target's site", () => {
    const rules = new RuleSet([rule(1, "/x/*", "/*"), rule(2, "/y/*", "https://example.com*"), rule(3, "/z/*", "https://example.com/*")]);
    expect(rules.answer("/x//evil.example/x")?.location).toBe("/evil.example/x");
    expect(rules.answer("/x/\\evil.example")?.location).toBe("/evil.example");
    expect(rules.answer("/x/a/b")?.location).toBe("/a/b");
    expect(rules.answer("/y/@evil.example")).toBeUndefined();
    expect(rules.answer("/z/@evil.example")?.location).toBe("https://example.com/@evil.example");
    expect(targetOf(rule(2, "/y/*", "https://example.com*"), "/y/.evil.example")).toBeNull();
  });
});

describe("the matcher", () => {
  it("finds what a pass over every rule finds (exact first, then the longest prefix), as rules come and go", () => {
    const paths = ["/a", "/a/", "/a/b", "/a/b/c", "/ab", "/b", "/b/x", "/rss", "/feed/", "/c/d/e"];
    const froms = ["/a", "/a/*", "/a/b", "/a/b/*", "/ab*", "/b/*", "/b/x", "/rss", "/feed", "/*", "/c/d/*", "/c*"];
    const naive = (rules: readonly Rule[], path: string) => {
      const all = [...BUILT_IN_RULES, ...rules];
      const exact = all.filter((r) => !isPrefix(r.from) && normalPath(r.from) === normalPath(path)).at(-1);
      if (exact) return exact;
      return all.filter((r) => isPrefix(r.from) && path.startsWith(r.from.slice(0, -1))).sort((x, y) => y.from.length - x.from.length)[0];
    };
    let seed = 7;
    const pick = <T>(list: readonly T[]) => list[(seed = (seed * 48271) % 2147483647) % list.length]!;
    const set = new RuleSet([]);
    let own: Rule[] = [];
    for (let step = 0; step < 400; step++) {
      const from = pick(froms);
      if (pick([true, false, false])) {
        set.delete(from);
        own = own.filter((r) => r.from !== from);
      } else {
        const made = rule(step + 1, from, "/t");
        set.set(made);
        own = [...own.filter((r) => r.from !== from), made];
      }
      for (const path of paths) expect(set.match(path), `${path} after ${step}`).toBe(naive(own, path));
    }
  });
});
