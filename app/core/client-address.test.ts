import { describe, expect, it } from "vitest";
import { clientKey, networkKey } from "./client-address";

describe("clientKey", () => {
  it("keeps an IPv4 address whole, also when it comes IPv4-mapped", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 client by its /64, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    expect(clientKey("2001:db8:1:2::1")).toBe(key);
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(key);
    expect(clientKey("2001:DB8:1:2:a:b:c:d")).toBe(key);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("passes anything else through", () => {
    expect(clientKey("unknown")).toBe("unknown");
  });

  it("groups neighbours by network: IPv4 by /24, IPv6 by /48, mapped IPv4 as IPv4", () => {
    expect(networkKey("203.0.113.50")).toBe("203.0.113.0/24");
    expect(networkKey("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkKey("2001:db8:1:2::9")).toBe(networkKey("2001:0db8:0001:ffff::1"));
    expect(networkKey("2001:db8:1:2::9")).toBe("2001:db8:1::/48");
    expect(networkKey("2001:db8:2::1")).not.toBe(networkKey("2001:db8:1::1"));
  });
});
