import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./content-encoding";

const ALL = ["br", "gzip", "identity"] as const;

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, when a browser accepts both", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd", ALL)).toBe("br");
    expect(preferredEncoding("gzip, deflate", ALL)).toBe("gzip");
    expect(preferredEncoding("gzip, deflate, br", ["gzip", "identity"])).toBe("gzip");
  });

  it("honours q-values and refusals", () => {
    expect(preferredEncoding("br;q=0.5, gzip", ALL)).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0", ALL)).toBe("identity");
    expect(preferredEncoding("*", ALL)).toBe("br");
  });

  it("answers identity without the header or when nothing offered fits", () => {
    expect(preferredEncoding(undefined, ALL)).toBe("identity");
    expect(preferredEncoding("", ALL)).toBe("identity");
    expect(preferredEncoding("zstd", ALL)).toBe("identity");
  });
});
