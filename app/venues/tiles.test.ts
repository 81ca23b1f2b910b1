import { describe, expect, it } from "vitest";
import { tileImageSource } from "./tiles";

describe("tileImageSource", () => {
  it("allows exactly the tile host", () => {
    expect(tileImageSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileImageSource("http://localhost:8080/tiles/{z}/{x}/{y}.png")).toBe("http://localhost:8080");
  });
  it("turns {s} subdomains into a wildcard", () => {
    expect(tileImageSource("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toBe("https://*.tile.example.org");
  });
  it("refuses what is not http(s)", () => {
    expect(() => tileImageSource("ftp://x/{z}/{x}/{y}")).toThrow();
  });
});
