import { describe, expect, it } from "vitest";
import { clientKey, isPrivateAddress, networkKey } from "./ip-addresses";

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

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.9.9.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "[::1]",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "ff02::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "172.15.255.255",
    "192.169.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "2a00:1450:4001:80b::200e",
  ])("allows %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
