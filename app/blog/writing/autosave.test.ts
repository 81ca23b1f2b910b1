import { describe, expect, it } from "vitest";
import { autosaveInputSchema, conflictMessage, putVersionSchema, replacesAutosaveRevision } from "./autosave";

describe("autosave input", () => {
  it("takes work in progress (empty title and content) but not unbounded text or a missing version", () => {
    expect(autosaveInputSchema.safeParse({ title: "", content: "", version: 1 }).success).toBe(true);
    expect(autosaveInputSchema.safeParse({ title: "x".repeat(201), content: "", version: 1 }).success).toBe(false);
    expect(autosaveInputSchema.safeParse({ title: "", content: "x".repeat(30_001), version: 1 }).success).toBe(false);
    expect(autosaveInputSchema.safeParse({ title: "", content: "", excerpt: "x".repeat(1001), version: 1 }).success).toBe(false);
    expect(autosaveInputSchema.safeParse({ title: "", content: "" }).success).toBe(false);
    expect(autosaveInputSchema.safeParse({ title: "", content: "", version: 0 }).success).toBe(false);
    expect(autosaveInputSchema.safeParse({ title: "", content: "", version: 1.5 }).success).toBe(false);
  });

  it("keeps the text as typed (no trimming of work in progress)", () => {
    expect(autosaveInputSchema.parse({ title: " Half ", content: "line\n", version: 3 })).toMatchObject({
      title: " Half ",
      content: "line\n",
    });
  });

  it("lets a full PUT leave out its version, and refuses a bad one", () => {
    expect(putVersionSchema.parse({ title: "x" })).toEqual({});
    expect(putVersionSchema.safeParse({ version: "2" }).success).toBe(false);
  });
});

describe("the refusal of a stale save", () => {
  it("names who changed the post and when", () => {
    expect(conflictMessage({ version: 4, updatedAt: "2026-11-27T01:00:00.000Z", updatedBy: { id: 2, name: "Sam Editor" } })).toBe(
      "This post was changed by Sam Editor at 2026-11-27T01:00:00.000Z after you opened it.",
    );
    expect(conflictMessage({ version: 4, updatedAt: "2026-11-27T01:00:00.000Z", updatedBy: null })).toContain(
      "changed by another staff member at",
    );
  });
});

describe("coalescing a draft's autosave revisions", () => {
  const now = new Date("2026-11-27T01:30:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it("replaces the same member's autosave revision begun under 10 minutes ago", () => {
    expect(replacesAutosaveRevision({ adminUserId: 7, autosaveStartedAt: minutesAgo(9) }, 7, now)).toBe(true);
  });
  it("keeps a new one after 10 minutes, for another member, or after a real save", () => {
    expect(replacesAutosaveRevision({ adminUserId: 7, autosaveStartedAt: minutesAgo(10) }, 7, now)).toBe(false);
    expect(replacesAutosaveRevision({ adminUserId: 8, autosaveStartedAt: minutesAgo(1) }, 7, now)).toBe(false);
    expect(replacesAutosaveRevision({ adminUserId: 7, autosaveStartedAt: null }, 7, now)).toBe(false);
    expect(replacesAutosaveRevision(undefined, 7, now)).toBe(false);
  });
});
