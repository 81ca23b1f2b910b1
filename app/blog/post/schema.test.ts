import { describe, expect, it } from "vitest";
import { blogPostInputSchema, blogPublishSchema, isPublishOnlyBody, normalizeTags, slugify, tagSuggestionRequestSchema } from "./schema";
import { postState } from "./admin-list";

const valid = { title: "  A night out ", author: "Sam", excerpt: "Short", content: "# Hi", category: "tips" };

describe("blog post input", () => {
  it("accepts a valid post, trims text and defaults to published", () => {
    const post = blogPostInputSchema.parse(valid);
    expect(post.title).toBe("A night out");
    expect(post.published).toBe(true);
    expect(post.tags).toEqual([]);
    expect(post.image).toBeNull();
  });

  it("gives one message per missing field", () => {
    const result = blogPostInputSchema.safeParse({ title: " ", category: "beer" });
    expect(result.success).toBe(false);
    const paths = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(paths).toMatchObject({
      title: "Title is required",
      author: "Author is required",
      excerpt: "Excerpt is required",
      content: "Content is required",
      category: "Please choose a category: events, nightlife, social, tips or updates",
    });
  });

  it("trims tags, drops empties and removes duplicates", () => {
    expect(blogPostInputSchema.parse({ ...valid, tags: [" bars ", "", "Bars", "tips", "  "] }).tags).toEqual(["bars", "tips"]);
    expect(normalizeTags("a, b,,A , c")).toEqual(["a", "b", "c"]);
  });

  it("lifts an upload JSON string in `image` into imageData", () => {
    const image = JSON.stringify({ imageData: "aGVsbG8=", imageMimeType: "image/png", originalName: "x.png" });
    const post = blogPostInputSchema.parse({ ...valid, image });
    expect(post).toMatchObject({ image: null, imageData: "aGVsbG8=", imageMimeType: "image/png", imageOriginalName: "x.png" });
  });

  it("needs a known mime type with image data", () => {
    expect(blogPostInputSchema.safeParse({ ...valid, imageData: "aGVsbG8=" }).success).toBe(false);
    expect(blogPostInputSchema.safeParse({ ...valid, imageData: "aGVsbG8=", imageMimeType: "text/html" }).success).toBe(false);
  });

  it("parses ISO dates and refuses bad ones", () => {
    expect(blogPostInputSchema.parse({ ...valid, createdAt: "2025-01-05T10:00:00Z" }).createdAt).toEqual(new Date("2025-01-05T10:00:00Z"));
    expect(blogPostInputSchema.safeParse({ ...valid, createdAt: "yesterday-ish" }).success).toBe(false);
  });
});

describe("publish toggle", () => {
  it("recognises a publish-only body", () => {
    expect(isPublishOnlyBody({ published: false })).toBe(true);
    expect(isPublishOnlyBody({ ...valid, published: false })).toBe(false);
    expect(isPublishOnlyBody({ published: false, version: 3 })).toBe(true);
    expect(isPublishOnlyBody({ version: 3 })).toBe(false);
    expect(blogPublishSchema.safeParse({ published: "yes" }).success).toBe(false);
  });
});

describe("tag suggestion request", () => {
  it("needs some text", () => {
    const result = tagSuggestionRequestSchema.safeParse({ title: " ", content: "", category: "tips" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("Please add a title, content, or excerpt to generate tag suggestions");
  });
});

describe("slugify", () => {
  it("makes URL-safe slugs", () => {
    expect(slugify("Rooftop Bars & Cocktails: Sydney's Best!")).toBe("rooftop-bars-and-cocktails-sydneys-best");
    expect(slugify("Café Crème")).toBe("cafe-creme");
    expect(slugify("!!!")).toBe("post");
    // Apostrophes, straight or curly, join their word instead of splitting it.
    expect(slugify("Don\u2019t drink alone: a bartender's tips")).toBe("dont-drink-alone-a-bartenders-tips");
  });
});

describe("slug, alt text and publish date in the post input", () => {
  const base = { title: "T", author: "A", excerpt: "E", content: "C", category: "tips" };
  it("accepts an edited slug and refuses one that is not an address", () => {
    expect(blogPostInputSchema.parse({ ...base, slug: "my-post-2" }).slug).toBe("my-post-2");
    expect(blogPostInputSchema.parse({ ...base, slug: "" }).slug).toBeNull();
    for (const slug of ["My Post", "a--b", "-a", "a/b", "x".repeat(81)])
      expect(blogPostInputSchema.safeParse({ ...base, slug }).success).toBe(false);
  });
  it("keeps alt text trimmed, empty as none", () => {
    expect(blogPostInputSchema.parse({ ...base, imageAlt: "  A bar at dusk " }).imageAlt).toBe("A bar at dusk");
    expect(blogPostInputSchema.parse({ ...base, imageAlt: " " }).imageAlt).toBeNull();
  });
  it("a post is published once its publish date has come, scheduled before, a draft when unpublished", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    expect(postState({ published: true, createdAt: "2026-01-01T12:00:00Z" }, now)).toBe("published");
    expect(postState({ published: true, createdAt: "2026-01-01T12:00:01Z" }, now)).toBe("scheduled");
    expect(postState({ published: false, createdAt: "2027-01-01T12:00:00Z" }, now)).toBe("draft");
  });
});
