import { describe, expect, it } from "vitest";
import { PostIndex, type IndexedPost } from "./post-index";
import { parseQuery } from "./text";

let nextId = 1;
const post = (fields: Partial<IndexedPost>): IndexedPost => ({
  id: nextId++,
  title: "A night out",
  excerpt: "An evening.",
  author: "Sam",
  category: "tips",
  tags: [],
  content: "Nothing special.",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  ...fields,
});
const titles = (index: PostIndex<IndexedPost>, query: string) => index.search(parseQuery(query)).map((p) => p.title);

describe("PostIndex", () => {
  it("ranks a title match above body matches, then the newest first", async () => {
    const index = new PostIndex<IndexedPost>();
    await index.update([
      post({ title: "Old body", content: "We drank a negroni.", createdAt: "2024-01-01T00:00:00.000Z" }),
      post({ title: "The negroni guide" }),
      post({ title: "New body", content: "We drank a negroni.", createdAt: "2025-06-01T00:00:00.000Z" }),
    ]);
    expect(titles(index, "Negronis")).toEqual(["The negroni guide", "New body", "Old body"]);
  });

  it("needs every word, takes alternatives with or, leaves out -words and keeps phrases in order", async () => {
    const index = new PostIndex<IndexedPost>();
    await index.update([
      post({ title: "Happy hour at the pier", content: "Wine and oysters." }),
      post({ title: "An hour of happy songs", content: "Karaoke and wine." }),
      post({ title: "Jazz brunch", tags: ["sunday"] }),
    ]);
    expect(titles(index, "happy wine").sort()).toEqual(["An hour of happy songs", "Happy hour at the pier"]);
    expect(titles(index, '"happy hour"')).toEqual(["Happy hour at the pier"]);
    expect(titles(index, "happy -karaoke")).toEqual(["Happy hour at the pier"]);
    expect(titles(index, "oysters or sunday").sort()).toEqual(["Happy hour at the pier", "Jazz brunch"]);
    expect(titles(index, "the")).toEqual([]);
  });

  it("follows new lists of posts: an edited post is found by its new words only, a removed one is gone", async () => {
    const index = new PostIndex<IndexedPost>();
    const first = post({ title: "Cider tasting" });
    const second = post({ title: "Cider walk" });
    await index.update([first, second]);
    const edited = { ...first, title: "Perry tasting", updatedAt: "2025-02-01T00:00:00.000Z" };
    await index.update([edited]);
    expect(titles(index, "cider")).toEqual([]);
    expect(titles(index, "perry")).toEqual(["Perry tasting"]);
    expect(index.size).toBe(1);
    await index.update([edited, second]);
    expect(titles(index, "cider")).toEqual(["Cider walk"]);
  });

  it("forgets the term scores it keeps when a post changes, and only then", async () => {
    const index = new PostIndex<IndexedPost>();
    const cider = post({ title: "Cider tasting" });
    const walk = post({ title: "Cider walk", createdAt: "2024-01-01T00:00:00.000Z" });
    await index.update([cider, walk]);
    // Asked twice, so the term's scores are kept (from their second search on).
    expect(titles(index, "cider")).toEqual(["Cider tasting", "Cider walk"]);
    expect(titles(index, "cider")).toEqual(["Cider tasting", "Cider walk"]);
    await index.update([cider, walk]); // nothing changed: the kept scores still hold
    expect(titles(index, "cider")).toEqual(["Cider tasting", "Cider walk"]);
    await index.update([{ ...cider, title: "Perry tasting", updatedAt: "2025-02-01T00:00:00.000Z" }, walk]);
    expect(titles(index, "cider")).toEqual(["Cider walk"]);
    await index.update([walk, post({ title: "Cider again", content: "Cider and more cider." })]);
    expect(titles(index, "cider")).toEqual(["Cider again", "Cider walk"]);
  });

  it("indexes ten thousand posts in slices, answering other work between them", async () => {
    const index = new PostIndex<IndexedPost>();
    const many = Array.from({ length: 10_000 }, (_, i) => post({ title: `Post ${i}`, content: `Talk about wine number ${i}.` }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await index.update(many);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(index.search(parseQuery("wine")).length).toBe(10_000);
    expect(titles(index, "9999")).toEqual(["Post 9999"]);
    // A slow, loaded machine takes seconds over ten thousand posts; the test is of slicing, not speed.
  }, 60_000);
});
