import { describe, expect, it, vi } from "vitest";
import { isWeather, simulateWeather } from "./weather";

describe("simulated weather (50-79 °F, 30% rain)", () => {
  it("spans 50 to 79 inclusive", () => {
    expect(simulateWeather(() => 0).temperature).toBe(50);
    expect(simulateWeather(() => 0.9999999).temperature).toBe(79);
    expect(simulateWeather(() => 1).temperature).toBe(79);
  });
  it("rains below 0.3 only", () => {
    const seq = (...values: number[]) => {
      const fn = vi.fn();
      for (const v of values) fn.mockReturnValueOnce(v);
      return fn;
    };
    expect(simulateWeather(seq(0.5, 0.29))).toMatchObject({ condition: "rainy", precipitation: true });
    expect(simulateWeather(seq(0.5, 0.3))).toMatchObject({ condition: "sunny", precipitation: false });
  });
  it("is about 30% rainy over many draws", () => {
    let rainy = 0;
    for (let i = 0; i < 20_000; i++) if (simulateWeather().precipitation) rainy++;
    expect(rainy / 20_000).toBeGreaterThan(0.27);
    expect(rainy / 20_000).toBeLessThan(0.33);
  });
  it("recognises weather objects", () => {
    expect(isWeather(simulateWeather())).toBe(true);
    expect(isWeather({ condition: "foggy", temperature: 1, precipitation: false })).toBe(false);
    expect(isWeather(null)).toBe(false);
  });
});
