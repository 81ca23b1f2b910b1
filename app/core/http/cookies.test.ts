import { describe, expect, it } from "vitest";
import { hasAnyCookie, parseCookies } from "./cookies";

describe("parseCookies", () => {
  it("reads names as the session check and the page cache both must", () => {
    expect(parseCookies("a=1; clink_session=abc%3D; b=2").clink_session).toBe("abc=");
    expect(parseCookies(" clink_session=x").clink_session).toBe("x");
    // Malformed or unclean: absent for every reader (no throw, never a sign-in stopper, never in a query).
    expect(parseCookies("clink_session=%E0%A4%A").clink_session).toBeUndefined();
    expect(parseCookies("clink_session=a%00b").clink_session).toBeUndefined();
    expect(parseCookies(undefined)).toEqual({});
  });

  it("tells whether a request carries a personal cookie", () => {
    expect(hasAnyCookie("theme=dark;clink_session=", ["clink_session"])).toBe(true);
    expect(hasAnyCookie("xclink_session=1", ["clink_session"])).toBe(false);
    expect(hasAnyCookie(undefined, ["clink_session"])).toBe(false);
  });
});
