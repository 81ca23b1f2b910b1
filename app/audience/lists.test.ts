import { describe, expect, it } from "vitest";
import { blogSignupSchema, emailLink, isOnList, spotsHeadline, spotsLeft, waitlistSignupSchema } from "./lists";
import { listHeaders } from "./mail";

describe("the lists' rules", () => {
  it("counts spots down to zero and never below, in the spec's words", () => {
    expect(spotsLeft(500, 0)).toBe(500);
    expect(spotsLeft(500, 499)).toBe(1);
    expect(spotsLeft(3, 5)).toBe(0);
    expect(spotsHeadline(500)).toBe("Only 500 spots available");
    expect(spotsHeadline(0)).toBe("The early-adopter list is full");
  });

  it("puts the confirmed on a list, and on the early-adopter list those waiting for their city too; never the pending or those who left", () => {
    expect(isOnList("blog", "confirmed")).toBe(true);
    expect(isOnList("waitlist", "confirmed")).toBe(true);
    expect(isOnList("waitlist", "notify")).toBe(true);
    expect(isOnList("blog", "notify")).toBe(false);
    for (const state of ["pending", "unsubscribed"]) {
      expect(isOnList("blog", state)).toBe(false);
      expect(isOnList("waitlist", state)).toBe(false);
    }
  });

  it("marks a list e-mail's links as coming from e-mail", () => {
    const link = new URL(emailLink("https://clink.app", "/blog/a-post", "post-7"));
    expect(link.pathname).toBe("/blog/a-post");
    expect(link.searchParams.get("utm_medium")).toBe("email");
  });

  it("carries RFC 8058's one-click headers", () => {
    expect(listHeaders("https://clink.app/unsubscribe?token=1.x")).toEqual({
      "List-Unsubscribe": "<https://clink.app/unsubscribe?token=1.x>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("reads the API's bodies strictly", () => {
    expect(waitlistSignupSchema.safeParse({ email: "a@b.example", city: "Sydney", platform: "ios" }).success).toBe(true);
    expect(waitlistSignupSchema.safeParse({ email: "a@b.example", city: "Sydney", platform: "ios", blog: true, altcha: "x" }).success).toBe(
      true,
    );
    expect(waitlistSignupSchema.safeParse({ email: "a@b.example", city: "Nowhere", platform: "ios" }).success).toBe(false);
    expect(
      waitlistSignupSchema.safeParse({ email: "a@b.example", city: "Sydney", platform: "ios", page: "https://evil.example" }).success,
    ).toBe(false);
    expect(blogSignupSchema.safeParse({ email: "a@b.example", lists: ["blog"] }).success).toBe(true);
    expect(blogSignupSchema.safeParse({ email: "a@b.example", lists: [] }).success).toBe(false);
    expect(blogSignupSchema.safeParse({ email: "a@b.example", lists: ["blog", "blog"] }).success).toBe(false);
  });
});
