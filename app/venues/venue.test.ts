import { describe, expect, it } from "vitest";
import { siteConfig } from "~/site/config";
import { CITY_INFO, cityFromParam } from "./venue";

describe("cityFromParam", () => {
  it("reads a city by its slug or its name, in any case", () => {
    expect(cityFromParam("san-francisco")).toBe("san-francisco");
    expect(cityFromParam("New York")).toBe("new-york");
    expect(cityFromParam(" miami ")).toBe("miami");
  });

  it("knows nothing of other places", () => {
    expect(cityFromParam("Sydney")).toBeUndefined();
    expect(cityFromParam("")).toBeUndefined();
    expect(cityFromParam(null)).toBeUndefined();
  });

  it("understands every city the footer links to", () => {
    for (const name of siteConfig.venueMapCities) expect(cityFromParam(name), name).toBeDefined();
    expect(Object.keys(CITY_INFO)).toHaveLength(siteConfig.venueMapCities.length);
  });
});
