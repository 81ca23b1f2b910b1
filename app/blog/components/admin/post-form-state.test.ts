import { describe, expect, it } from "vitest";
import { initialPostForm, toLocalInput, toRequestBody } from "./post-form-state";

describe("the editor's form state", () => {
  it("starts a new post published, in the social category, dated now", () => {
    const now = new Date(2025, 0, 5, 18, 7);
    expect(initialPostForm(null, now)).toMatchObject({ published: true, category: "social", createdAt: "2025-01-05T18:07", updatedAt: "2025-01-05T18:07" });
  });

  it("sends an upload instead of an image URL, tags trimmed and without empties", () => {
    const form = { ...initialPostForm(null), tags: " bars, , sydney ,", imageUrl: "https://x.example/a.png", upload: { imageData: "AAAA", imageMimeType: "image/png", originalName: "a.png" } };
    const body = toRequestBody(form);
    expect(body).toMatchObject({ tags: ["bars", "sydney"], image: null, imageData: "AAAA", imageMimeType: "image/png", imageOriginalName: "a.png" });
  });

  it("sends dates as ISO strings and an empty date as empty, for the server to refuse", () => {
    const form = { ...initialPostForm(null), createdAt: toLocalInput(new Date(2025, 4, 1, 9, 30)), updatedAt: "" };
    const body = toRequestBody(form);
    expect(new Date(body.createdAt).getTime()).toBe(new Date(2025, 4, 1, 9, 30).getTime());
    expect(body.updatedAt).toBe("");
  });
});
