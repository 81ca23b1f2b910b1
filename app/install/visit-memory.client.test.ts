import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The tab's memory of where the visit came from, with the browser's globals stood in for. */
const storage = new Map<string, string>();

function open(address: string, referrer = "") {
  vi.stubGlobal("location", new URL(address));
  vi.stubGlobal("document", { referrer });
}

/** A new document (a page load): the module's "first page view of the document" starts again. */
async function load() {
  vi.resetModules();
  return import("./visit-memory.client");
}

beforeEach(() => {
  storage.clear();
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the visit's memory", () => {
  it("keeps the landing address's campaign for the later pages of the tab", async () => {
    open("https://clink.app/?utm_source=tiktok&utm_medium=social&utm_campaign=launch", "https://www.tiktok.com/");
    expect((await load()).rememberVisit()).toEqual({ source: "tiktok", medium: "social", campaign: "launch" });
    // The next page: referred by the site itself, no campaign in its address.
    open("https://clink.app/social-drinking-app", "https://clink.app/?utm_source=tiktok");
    expect((await load()).rememberVisit()).toEqual({ source: "tiktok", medium: "social", campaign: "launch" });
  });

  it("takes ?ref=, else the referring site without www., and a new source replaces the old", async () => {
    open("https://clink.app/blog/a-post", "https://www.reddit.com/r/sydney/");
    expect((await load()).rememberVisit()).toEqual({ source: "reddit.com" });
    open("https://clink.app/?ref=producthunt");
    expect((await load()).rememberVisit()).toEqual({ source: "producthunt" });
  });

  it("reads the referrer only on a document's first page view (a client navigation keeps the landing's)", async () => {
    open("https://clink.app/?utm_source=newsletter", "https://mail.example/");
    const memory = await load();
    expect(memory.rememberVisit()).toEqual({ source: "newsletter" });
    open("https://clink.app/about", "https://mail.example/");
    expect(memory.rememberVisit()).toEqual({ source: "newsletter" });
  });

  it("adds a city the visit chose, and keeps it through a new campaign", async () => {
    open("https://clink.app/?utm_campaign=launch");
    await (await load()).rememberVisit();
    open("https://clink.app/venue-map?city=New%20York", "https://clink.app/");
    expect((await load()).rememberVisit()).toEqual({ campaign: "launch", city: "New York" });
    open("https://clink.app/?utm_source=tiktok");
    expect((await load()).rememberVisit()).toEqual({ source: "tiktok", city: "New York" });
  });

  it("still answers when storage is refused", async () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    });
    open("https://clink.app/?utm_source=tiktok");
    expect((await load()).rememberVisit()).toEqual({ source: "tiktok" });
  });
});
