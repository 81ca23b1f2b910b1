import { describe, expect, it } from "vitest";
import { BLOG_MAX_SHOWN, BLOG_PAGE_SIZE, filterPosts, normaliseShow, shownCount, toCard } from "./listing";
import { formatDate } from "~/core/dates";

const posts = [
  { title: "Rooftop Bars", excerpt: "Views", category: "nightlife", author: "Liam" },
  { title: "Trivia", excerpt: "Pub QUIZ fun", category: "events", author: "Maya Chen" },
];

describe("blog listing", () => {
  it("filters case-insensitively over title, excerpt, category and author", () => {
    expect(filterPosts(posts, "ROOFTOP")).toHaveLength(1);
    expect(filterPosts(posts, "quiz")[0]!.title).toBe("Trivia");
    expect(filterPosts(posts, "Nightlife")[0]!.title).toBe("Rooftop Bars");
    expect(filterPosts(posts, "maya")[0]!.title).toBe("Trivia");
    expect(filterPosts(posts, "  ")).toHaveLength(2);
    expect(filterPosts(posts, "sushi")).toHaveLength(0);
  });

  it("formats dates like January 5, 2025", () => {
    expect(formatDate("2025-01-05T23:30:00Z")).toBe("January 5, 2025");
  });

  it("makes cards that cycle the gradient by position", () => {
    const card = toCard({ id: 9, slug: "x", title: "T", excerpt: "E", author: "A", category: "tips", createdAt: "2025-01-05T00:00:00Z", image: null, imageAlt: null, hasStoredImage: false, imageVersion: null }, 10);
    expect(card.image.sources).toEqual([]);
    expect(card.image.gradient).toBe(2);
    expect(card.categoryLabel).toBe("Tips");
  });
});

describe("the number of posts /blog shows", () => {
  it("is whole pages between one page and the maximum, whatever is asked", () => {
    expect(shownCount(null)).toBe(BLOG_PAGE_SIZE);
    expect(shownCount("1")).toBe(BLOG_PAGE_SIZE);
    expect(shownCount(String(BLOG_PAGE_SIZE + 1))).toBe(2 * BLOG_PAGE_SIZE);
    expect(shownCount("junk")).toBe(BLOG_PAGE_SIZE);
    expect(shownCount("1e9")).toBe(BLOG_MAX_SHOWN);
    expect(shownCount("-5")).toBe(BLOG_PAGE_SIZE);
  });

  it("gives every N that lists the same posts one cache key", () => {
    const keys = new Set(Array.from({ length: 1000 }, (_, n) => normaliseShow(String(n))));
    expect(keys.size).toBe(Math.ceil(999 / BLOG_PAGE_SIZE));
    expect(normaliseShow("3")).toBeUndefined();
  });
});
