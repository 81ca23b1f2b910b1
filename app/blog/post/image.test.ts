import { describe, expect, it } from "vitest";
import { blogImagePlan, categoryFallbackImage, GRADIENT_PLACEHOLDERS, normalizeBlogImageUrl, storedImagePath } from "./image";

describe("normalizeBlogImageUrl", () => {
  it("uses /uploads/ paths as they are", () => {
    expect(normalizeBlogImageUrl("/uploads/abc.png")).toBe("/uploads/abc.png");
    expect(normalizeBlogImageUrl("/uploads/no-extension")).toBe("/uploads/no-extension");
    expect(normalizeBlogImageUrl("/images/blog/tips.webp")).toBe("/images/blog/tips.webp");
  });

  it("refuses other site paths and path tricks", () => {
    expect(normalizeBlogImageUrl("/admin")).toBeNull();
    expect(normalizeBlogImageUrl("/uploads/../admin")).toBeNull();
    expect(normalizeBlogImageUrl('/uploads/a"onerror=x.png')).toBeNull();
  });

  it("accepts URLs ending in an image extension, ignoring query and case", () => {
    expect(normalizeBlogImageUrl("https://example.com/a/b.JPG?x=1")).toBe("https://example.com/a/b.JPG?x=1");
    expect(normalizeBlogImageUrl("http://example.com/pic.webp")).toBe("http://example.com/pic.webp");
  });

  it("accepts known image hosts without an extension", () => {
    expect(normalizeBlogImageUrl("https://images.unsplash.com/photo-123?w=800")).toBe("https://images.unsplash.com/photo-123?w=800");
    expect(normalizeBlogImageUrl("https://res.cloudinary.com/demo/image/upload/sample")).toContain("res.cloudinary.com");
  });

  it("refuses non-image pages", () => {
    expect(normalizeBlogImageUrl("https://example.com/article")).toBeNull();
    expect(normalizeBlogImageUrl("not an image")).toBeNull();
  });

  it("prefixes https:// when there is no scheme", () => {
    expect(normalizeBlogImageUrl("example.com/photo.png")).toBe("https://example.com/photo.png");
    expect(normalizeBlogImageUrl("//cdn.example.com/photo.png")).toBe("https://cdn.example.com/photo.png");
  });

  it("refuses dangerous schemes", () => {
    expect(normalizeBlogImageUrl("javascript:alert(1)//.png")).toBeNull();
    expect(normalizeBlogImageUrl("data:image/png;base64,AAAA")).toBeNull();
    expect(normalizeBlogImageUrl("ftp://example.com/a.png")).toBeNull();
  });

  it("rewrites Google Drive file links to a direct-view link", () => {
    const direct = "https://drive.google.com/uc?export=view&id=1AbC_d-9";
    expect(normalizeBlogImageUrl("https://drive.google.com/file/d/1AbC_d-9/view?usp=sharing")).toBe(direct);
    expect(normalizeBlogImageUrl("drive.google.com/open?id=1AbC_d-9")).toBe(direct);
  });

  it("treats empty values as no image", () => {
    expect(normalizeBlogImageUrl("")).toBeNull();
    expect(normalizeBlogImageUrl("   ")).toBeNull();
    expect(normalizeBlogImageUrl(null)).toBeNull();
  });
});

describe("blogImagePlan", () => {
  const base = { id: 3, category: "nightlife", image: null, hasStoredImage: false };

  it("tries the image, then the category image", () => {
    expect(blogImagePlan({ ...base, image: "example.com/x.png" }).sources).toEqual([
      "https://example.com/x.png",
      "/images/blog/nightlife.webp",
    ]);
  });

  it("serves stored uploads from the image endpoint in sized variants", () => {
    const plan = blogImagePlan({ ...base, hasStoredImage: true, imageVersion: "abc" });
    expect(plan.sources[0]).toBe("/api/blog/3/image?w=800&v=abc");
    expect(plan.srcSet.map((s) => s.width)).toEqual([400, 800, 1200]);
    expect(plan.sources[1]).toBe("/images/blog/nightlife.webp");
  });

  it("serves stored uploads whose type is known at Ghost's addresses, WebP variants at the page widths", () => {
    const plan = blogImagePlan({ ...base, hasStoredImage: true, imageVersion: "AbCdEfGhIjKlMnOpQr_-", imageMimeType: "image/png" });
    expect(plan.sources).toEqual([
      "/content/images/size/w1000/format/webp/posts/3/AbCdEfGhIjKlMnOpQr_-.png",
      "/images/blog/nightlife.webp",
    ]);
    expect(plan.srcSet).toEqual(
      [600, 1000, 1600].map((width) => ({ width, url: `/content/images/size/w${width}/format/webp/posts/3/AbCdEfGhIjKlMnOpQr_-.png` })),
    );
  });

  it("shows the gradient when there is no usable image, cycling through 8 styles", () => {
    expect(blogImagePlan({ ...base, image: "https://example.com/page" }).sources).toEqual([]);
    expect(blogImagePlan(base, 0).gradient).toBe(0);
    expect(blogImagePlan(base, 9).gradient).toBe(1);
    expect(GRADIENT_PLACEHOLDERS).toHaveLength(8);
  });

  it("falls back to a default image for an unknown category", () => {
    expect(categoryFallbackImage("wine")).toBe("/images/blog/default.webp");
    expect(storedImagePath(5)).toBe("/api/blog/5/image");
  });
});
