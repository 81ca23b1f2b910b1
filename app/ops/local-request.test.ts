import { describe, expect, it } from "vitest";
import { isLocalRequest } from "./local-request";

describe("isLocalRequest", () => {
  it("accepts loopback without forwarding headers", () => {
    expect(isLocalRequest("127.0.0.1", {})).toBe(true);
    expect(isLocalRequest("::1", {})).toBe(true);
    expect(isLocalRequest("::ffff:127.0.0.1", {})).toBe(true);
  });
  it("refuses a remote address, and a loopback one that a proxy relayed", () => {
    expect(isLocalRequest("203.0.113.9", {})).toBe(false);
    expect(isLocalRequest(undefined, {})).toBe(false);
    expect(isLocalRequest("127.0.0.1", { "x-forwarded-for": "203.0.113.9" })).toBe(false);
    expect(isLocalRequest("127.0.0.1", { forwarded: "for=203.0.113.9" })).toBe(false);
    expect(isLocalRequest("127.0.0.1", { "x-real-ip": "203.0.113.9" })).toBe(false);
  });
});
