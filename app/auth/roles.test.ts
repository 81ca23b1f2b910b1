import { describe, expect, it } from "vitest";
import { assignableRoles, canEditPost, canManage, canPublish, hasRole } from "./roles";

describe("staff roles", () => {
  it("orders roles from owner down to contributor", () => {
    expect(hasRole("owner", "administrator")).toBe(true);
    expect(hasRole("administrator", "owner")).toBe(false);
    expect(hasRole("editor", "author")).toBe(true);
    expect(hasRole("contributor", "author")).toBe(false);
  });

  it("lets editors invite writers only and nobody hand out ownership", () => {
    expect(assignableRoles("editor")).toEqual(["author", "contributor"]);
    expect(assignableRoles("owner")).not.toContain("owner");
    expect(assignableRoles("author")).toEqual([]);
  });

  it("keeps the owner and oneself out of reach of role changes", () => {
    expect(canManage({ id: 1, role: "administrator" }, { id: 2, role: "owner" })).toBe(false);
    expect(canManage({ id: 1, role: "administrator" }, { id: 1, role: "administrator" })).toBe(false);
    expect(canManage({ id: 1, role: "editor" }, { id: 2, role: "administrator" })).toBe(false);
    expect(canManage({ id: 1, role: "editor" }, { id: 2, role: "author" })).toBe(true);
  });

  it("limits authors to their posts and contributors to their drafts", () => {
    const author = { id: 7, role: "author" as const };
    const contributor = { id: 8, role: "contributor" as const };
    expect(canEditPost(author, { authorId: 7, published: true })).toBe(true);
    expect(canEditPost(author, { authorId: 9, published: false })).toBe(false);
    expect(canEditPost(contributor, { authorId: 8, published: false })).toBe(true);
    expect(canEditPost(contributor, { authorId: 8, published: true })).toBe(false);
    expect(canEditPost({ id: 1, role: "editor" }, { authorId: 9, published: true })).toBe(true);
    expect(canPublish(contributor)).toBe(false);
    expect(canPublish(author)).toBe(true);
  });
});
