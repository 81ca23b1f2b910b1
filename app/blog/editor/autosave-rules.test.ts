import { describe, expect, it } from "vitest";
import { AdminApiError } from "~/admin/admin-api";
import { autosaveDue, autosaveText, draftExcerpt, failureOf, savedLabel } from "./autosave-rules";

describe("autosave rules", () => {
  it("compares the title, text and excerpt only", () => {
    expect(autosaveText({ title: "a", content: "b", excerpt: "" })).toBe(autosaveText({ title: "a", content: "b", excerpt: "" }));
    expect(autosaveText({ title: "a", content: "b", excerpt: "" })).not.toBe(autosaveText({ title: "a", content: "b ", excerpt: "" }));
  });
  it("creates a new post once it has a title and some text", () => {
    expect(autosaveDue({ title: "Hi", content: "" })).toBe(false);
    expect(autosaveDue({ title: " ", content: "Text" })).toBe(false);
    expect(autosaveDue({ title: "Hi", content: "Text" })).toBe(true);
  });
  it("makes an excerpt of the first words, without Markdown", () => {
    expect(draftExcerpt("## Hello **world**\n\n- a [link](https://x.y)")).toBe("Hello world a link");
    expect(draftExcerpt("![only](/api/media/x)")).toBe("Draft");
    const long = draftExcerpt("word ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(161);
    expect(long.endsWith("word…")).toBe(true);
  });
  it("tells someone else's save from other failures", () => {
    const current = { version: 4, updatedAt: "2026-01-01T00:00:00Z", updatedBy: { id: 2, name: "Ann" } };
    // Read from the status and the answer's `current`, whatever the message's words.
    expect(failureOf(new AdminApiError(409, "Ceci a changé", { current }), false)).toEqual({
      kind: "conflict",
      message: "This post was changed by Ann at 2026-01-01T00:00:00Z after you opened it.",
      current,
    });
    expect(failureOf(new AdminApiError(409, "That address is taken", { message: "That address is taken" }), false)).toEqual({
      kind: "error",
      message: "Not saved: That address is taken",
    });
    expect(failureOf(new AdminApiError(500, "changed by nobody", null), false)).toEqual({
      kind: "error",
      message: "Not saved: changed by nobody",
    });
    expect(failureOf(new TypeError("Failed to fetch"), false)).toMatchObject({
      kind: "error",
      message: expect.stringMatching(/no connection/),
    });
    expect(failureOf(new Error("x"), true)).toMatchObject({ kind: "error", message: expect.stringMatching(/session/) });
  });
  it("says the time as HH:MM", () => {
    expect(savedLabel(new Date(2026, 0, 5, 9, 7).toISOString())).toBe("Saved 09:07");
  });
});
