import { describe, expect, it } from "vitest";
import { filterPosts, toCard } from "./listing";
import { formatDate } from "~/core/text/dates";

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
    const card = toCard(
      {
        id: 9,
        slug: "x",
        title: "T",
        excerpt: "E",
        author: "A",
        category: "tips",
        createdAt: "2025-01-05T00:00:00Z",
        image: null,
        imageAlt: null,
        hasStoredImage: false,
        imageVersion: null,
        content: "word ".repeat(700),
      },
      10,
      { tags: [], authorSlug: "a" },
    );
    expect(card.image.sources).toEqual([]);
    expect(card.image.gradient).toBe(2);
    expect(card.categoryLabel).toBe("Tips");
    expect(card.readingMinutes).toBe(3);
  });
});
