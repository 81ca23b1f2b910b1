import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { parsePublishedList, refreshAll, stampOf } from "./refresh-crawler-ranges.mjs";

describe("reading a published range list", () => {
  it("reads the shape Google, Bing, OpenAI, Anthropic, Apple, Perplexity, Common Crawl and DuckDuckGo publish", () => {
    const list = parsePublishedList(
      JSON.stringify({
        synctoken: "20260811134000",
        creationTime: "2026-08-11T13:40:00Z",
        prefixes: [{ ipv6Prefix: "2600:1f28:365:8000::/56" }, { ipv4Prefix: "3.41.188.32/29" }, { ipv4Prefix: "18.97.14.88/30" }],
      }),
    );
    expect(list).toEqual({
      prefixes: ["2600:1f28:365:8000::/56", "3.41.188.32/29", "18.97.14.88/30"],
      takenAt: "2026-08-11T13:40:00Z",
      rejected: [],
    });
  });

  it("reads creation times with and without a zone, as UTC when there is none", () => {
    expect(stampOf("2024-01-03T10:00:00.121331")).toBe("2024-01-03T10:00:00Z"); // Bing
    expect(stampOf("2026-08-14T20:03:38.055838Z")).toBe("2026-08-14T20:03:38Z"); // OpenAI
    expect(stampOf("2026-09-08T05:24:10.610952+00:00")).toBe("2026-09-08T05:24:10Z"); // Amazon
    expect(stampOf("2026-09-08T07:24:10+02:00")).toBe("2026-09-08T05:24:10Z");
    expect(stampOf("2026-09-01T12:44:58.000000")).toBe("2026-09-01T12:44:58Z"); // DuckDuckGo
    expect(stampOf("yesterday")).toBeNull();
    expect(stampOf(undefined)).toBeNull();
  });

  it("reads Amazon's ip_prefix entries, a list pasted into a web page, a bare array and plain text", () => {
    const page = `<html><script>var x = {a: 1};</script><pre>{"creationTime": "2026-09-08T05:24:10.610952+00:00", "prefixes": [{"ip_prefix": "3.81.245.78"}, {"ipv4Prefix": "3.81.253.213"}]}</pre></html>`;
    expect(parsePublishedList(page)).toMatchObject({ prefixes: ["3.81.245.78", "3.81.253.213"], takenAt: "2026-09-08T05:24:10Z" });
    expect(parsePublishedList('["157.55.39.0/24", {"ipv4Prefix": "40.77.167.0/24"}]')).toMatchObject({
      prefixes: ["157.55.39.0/24", "40.77.167.0/24"],
      takenAt: null,
    });
    expect(parsePublishedList("# DuckDuckBot\n20.191.45.212\n\n57.152.72.128 # note\n")).toMatchObject({
      prefixes: ["20.191.45.212", "57.152.72.128"],
    });
  });

  it("skips what is not an address or prefix, and refuses an answer with none", () => {
    const list = parsePublishedList(
      JSON.stringify({
        prefixes: [
          { ipv4Prefix: "10.0.0.0/33" },
          { ipv4Prefix: "not-a-cidr" },
          { ipv6Prefix: "2001:db8::/129" },
          { ipv4Prefix: "1.2.3.0/24" },
        ],
      }),
    );
    expect(list.prefixes).toEqual(["1.2.3.0/24"]);
    expect(list.rejected).toHaveLength(3);
    expect(() => parsePublishedList(JSON.stringify({ prefixes: [] }))).toThrow(/no prefixes/);
    expect(() => parsePublishedList("<html><body>Not found</body></html>")).toThrow(/no prefixes/);
  });
});

describe("refreshing the shipped lists", () => {
  const write = (dir: string, name: string, source: string) =>
    fs.writeFileSync(
      path.join(dir, name),
      `${JSON.stringify({ operator: "X", source, takenAt: "2020-01-01T00:00:00Z", copiedFrom: "a mirror", prefixes: ["192.0.2.0/24"] }, null, 1)}\n`,
    );

  it("writes what the source lists and keeps a list as it was when its source fails or answers nonsense", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ranges-"));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    write(dir, "good.json", "https://example.test/good.json");
    write(dir, "down.json", "https://example.test/down.json");
    write(dir, "broken.json", "https://example.test/broken.json");
    write(dir, "unreachable.json", "https://example.test/unreachable.json");
    const before = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");
    const kept = { down: before("down.json"), broken: before("broken.json"), unreachable: before("unreachable.json") };
    const answers: Record<string, () => Response> = {
      "https://example.test/good.json": () =>
        Response.json({ creationTime: "2026-09-01T12:44:58.000000", prefixes: [{ ipv4Prefix: "198.51.100.0/24" }] }),
      "https://example.test/down.json": () => new Response("no", { status: 503 }),
      "https://example.test/broken.json": () => new Response("<html>We moved this page</html>", { status: 200 }),
    };
    const fakeFetch = async (url: string | URL | Request) => {
      const answer = answers[String(url)];
      if (!answer) throw new TypeError("fetch failed");
      return answer();
    };
    const quiet = { log: () => undefined, error: () => undefined };
    expect((await refreshAll(dir, fakeFetch as typeof fetch, quiet)).sort()).toEqual(["broken.json", "down.json", "unreachable.json"]);
    expect(JSON.parse(before("good.json"))).toEqual({
      operator: "X",
      source: "https://example.test/good.json",
      takenAt: "2026-09-01T12:44:58Z",
      prefixes: ["198.51.100.0/24"],
    });
    expect(before("down.json")).toBe(kept.down);
    expect(before("broken.json")).toBe(kept.broken);
    expect(before("unreachable.json")).toBe(kept.unreachable);
    expect(fs.readdirSync(dir).sort()).toEqual(["broken.json", "down.json", "good.json", "unreachable.json"]);
  });

  it("ships lists in the form the script writes, every prefix readable", () => {
    // Every shipped file is itself in the form the script writes, so a refresh changes only data.
    const dir = path.resolve("app/discoverability/crawler-ranges");
    for (const name of fs.readdirSync(dir)) {
      const list = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
      expect(list.source, name).toMatch(/^https:\/\//);
      expect(parsePublishedList(JSON.stringify(list.prefixes)).rejected, name).toEqual([]);
    }
  });
});
