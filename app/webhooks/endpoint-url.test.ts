import { describe, expect, it } from "vitest";
import { urlShapeProblem } from "./endpoint-url";

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
