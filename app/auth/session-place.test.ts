import { describe, expect, it } from "vitest";
import { deviceOf } from "./session-place";

describe("a session's device", () => {
  it("names the browser and system", () => {
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")).toBe(
      "Chrome on Linux",
    );
    expect(
      deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari on iOS");
    expect(deviceOf(null)).toBe("Unknown device");
  });
});
