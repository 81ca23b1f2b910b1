import { describe, expect, it } from "vitest";
import { isPrivateAddress, urlShapeProblem } from "./addresses";

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

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "172.15.255.255", "192.169.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "2a00:1450:4001:80b::200e"])(
    "allows %s",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("urlShapeProblem", () => {
  it("takes http and https addresses only, without credentials", () => {
    expect(urlShapeProblem("https://hooks.example.com/in")).toBeNull();
    expect(urlShapeProblem("http://hooks.example.com:8080/in")).toBeNull();
    expect(urlShapeProblem("ftp://example.com/")).toMatch(/http/);
    expect(urlShapeProblem("file:///etc/passwd")).toMatch(/http/);
    expect(urlShapeProblem("https://user:pw@example.com/")).toMatch(/password/);
    expect(urlShapeProblem("example.com")).toMatch(/full address/);
  });
});
