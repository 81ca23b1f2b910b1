import { describe, expect, it } from "vitest";
import { deviceOf, networkOf } from "./session-place";

describe("a session's place and device", () => {
  it("keeps only the network of an address", () => {
    expect(networkOf("192.0.2.77")).toBe("192.0.2.x");
    expect(networkOf("::ffff:198.51.100.4")).toBe("198.51.100.x");
    expect(networkOf("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
    expect(networkOf("not an address")).toBeNull();
    expect(networkOf(undefined)).toBeNull();
  });

  it("names the browser and system", () => {
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")).toBe("Chrome on Linux");
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1")).toBe("Safari on iOS");
    expect(deviceOf(null)).toBe("Unknown device");
  });
});
