import { describe, expect, it } from "vitest";
import { allowedOrigins, isCrossSite } from "./cross-site";

const allowed = ["https://clink.app", "http://localhost:3000"];

describe("isCrossSite", () => {
  it("trusts same-origin and user-initiated requests", () => {
    expect(isCrossSite({ secFetchSite: "same-origin", origin: "https://clink.app" }, allowed)).toBe(false);
    expect(isCrossSite({ secFetchSite: "none" }, allowed)).toBe(false);
    expect(isCrossSite({ origin: "http://localhost:3000" }, allowed)).toBe(false);
  });

  it("refuses requests another site started", () => {
    expect(isCrossSite({ secFetchSite: "cross-site" }, allowed)).toBe(true);
    expect(isCrossSite({ secFetchSite: "same-site" }, allowed)).toBe(true);
    expect(isCrossSite({ origin: "https://evil.example" }, allowed)).toBe(true);
    expect(isCrossSite({ origin: "null" }, allowed)).toBe(true);
  });

  it("lets requests with neither header through (not from a browser page)", () => {
    expect(isCrossSite({}, allowed)).toBe(false);
  });
});

describe("allowedOrigins", () => {
  it("allows the public address and the address the request was made to, once each", () => {
    expect(allowedOrigins("https://clink.app/", "https://clink.app")).toEqual(["https://clink.app"]);
    expect(allowedOrigins("https://clink.app", "http://10.0.0.5:3000")).toEqual(["https://clink.app", "http://10.0.0.5:3000"]);
  });
});
