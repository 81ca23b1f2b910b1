import { describe, expect, it } from "vitest";
import {
  generatedSlug,
  hasChanges,
  initialPostForm,
  parseDraft,
  serializeDraft,
  storedDrafts,
  toLocalInput,
  toRequestBody,
  draftKey,
} from "./post-form-state";

describe("the editor's form state", () => {
  it("starts a new post published, in the social category, to be published now", () => {
    const now = new Date(2025, 0, 5, 18, 7);
    expect(initialPostForm(null, now)).toMatchObject({ published: true, category: "social", publishAt: "2025-01-05T18:07", slug: "" });
  });

  it("sends an upload instead of an image URL, tags trimmed and without empties", () => {
    const form = {
      ...initialPostForm(null),
      tags: " bars, , sydney ,",
      imageUrl: "https://x.example/a.png",
      upload: { imageData: "AAAA", imageMimeType: "image/png", originalName: "a.png" },
    };
    const body = toRequestBody(form);
    expect(body).toMatchObject({
      tags: ["bars", "sydney"],
      image: null,
      imageData: "AAAA",
      imageMimeType: "image/png",
      imageOriginalName: "a.png",
    });
  });

  it("sends the publish date as createdAt in ISO, an empty one as empty, and never updatedAt", () => {
    const form = { ...initialPostForm(null), publishAt: toLocalInput(new Date(2025, 4, 1, 9, 30)) };
    const body = toRequestBody(form);
    expect(new Date(body.createdAt).getTime()).toBe(new Date(2025, 4, 1, 9, 30).getTime());
    expect(body).not.toHaveProperty("updatedAt");
    expect(toRequestBody({ ...form, publishAt: "" }).createdAt).toBe("");
  });

  it("sends the chosen author's id (the picker's text value) and none when nobody was chosen", () => {
    expect(toRequestBody({ ...initialPostForm(null), authorId: "7" }).authorId).toBe(7);
    expect(toRequestBody(initialPostForm(null)).authorId).toBeNull();
  });

  it("an empty slug means the generated one; alt text trimmed", () => {
    const form = { ...initialPostForm(null), title: "Sydney's Best Bars", imageAlt: "  Neon sign " };
    expect(generatedSlug(form)).toBe("sydneys-best-bars");
    expect(toRequestBody(form)).toMatchObject({ slug: null, imageAlt: "Neon sign" });
    expect(toRequestBody({ ...form, slug: " my-bars " }).slug).toBe("my-bars");
  });
});

describe("unsaved changes and local drafts", () => {
  it("knows when something was typed", () => {
    const start = initialPostForm(null);
    expect(hasChanges({ ...start }, start)).toBe(false);
    expect(hasChanges({ ...start, content: "x" }, start)).toBe(true);
    expect(hasChanges({ ...start, upload: { imageData: "A", imageMimeType: "image/png", originalName: "a.png" } }, start)).toBe(true);
  });

  it("round-trips a draft without the upload's bytes, and refuses what is not one", () => {
    const form = {
      ...initialPostForm(null),
      title: "Half written",
      upload: { imageData: "A".repeat(10), imageMimeType: "image/png", originalName: "a.png" },
    };
    const draft = parseDraft(serializeDraft(7, form, new Date("2026-01-01T00:00:00Z")));
    expect(draft).toMatchObject({ postId: 7, savedAt: "2026-01-01T00:00:00.000Z", form: { title: "Half written", upload: null } });
    expect(parseDraft("not json")).toBeNull();
    expect(parseDraft(JSON.stringify({ form: null }))).toBeNull();
    expect(parseDraft(JSON.stringify({ savedAt: "x", form: { title: 5 } }))?.form.title).toBe("");
  });

  it("lists stored drafts newest first, ignoring other keys", () => {
    const items = new Map<string, string>([
      [draftKey(null), serializeDraft(null, { ...initialPostForm(null), title: "A" }, new Date("2026-01-01T00:00:00Z"))],
      [draftKey(3), serializeDraft(3, { ...initialPostForm(null), title: "B" }, new Date("2026-01-02T00:00:00Z"))],
      ["other", "{}"],
    ]);
    const keys = [...items.keys()];
    const storage = { length: keys.length, key: (i: number) => keys[i] ?? null, getItem: (k: string) => items.get(k) ?? null };
    expect(storedDrafts(storage).map((d) => d.form.title)).toEqual(["B", "A"]);
  });
});
