import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/core/logs/logger.server";
import { openMeteoWeather, WEATHER_CACHE_MS, WEATHER_RETRY_MS, weatherService } from "./weather.server";
import type { WeatherProvider } from "./weather";

const fixed = (temperature: number): WeatherProvider => ({
  name: "fixed",
  current: async () => ({ condition: "sunny", temperature, precipitation: false }),
});

afterEach(() => vi.restoreAllMocks());

describe("Open-Meteo provider", () => {
  it("asks for °F at the point and reads temperature and rain", async () => {
    const fetchImpl = vi.fn(async (_url: URL | RequestInfo) =>
      Response.json({ current: { temperature_2m: 61.6, precipitation: 0.4, weather_code: 61 } }),
    );
    const weather = await openMeteoWeather("https://weather.test/v1/forecast", fetchImpl as typeof fetch).current({
      lat: 40.7589,
      lng: -73.9851,
    });
    expect(weather).toEqual({ condition: "rainy", temperature: 62, precipitation: true });
    const url = new URL(String(fetchImpl.mock.calls[0]![0]));
    expect(url.searchParams.get("latitude")).toBe("40.7589");
    expect(url.searchParams.get("temperature_unit")).toBe("fahrenheit");
  });
  it("is dry with no precipitation and a clear code", async () => {
    const fetchImpl = async () => Response.json({ current: { temperature_2m: 72, precipitation: 0, weather_code: 1 } });
    expect(await openMeteoWeather("https://weather.test/", fetchImpl as typeof fetch).current({ lat: 0, lng: 0 })).toEqual({
      condition: "sunny",
      temperature: 72,
      precipitation: false,
    });
  });
  it("fails on a bad answer and on a timeout", async () => {
    await expect(
      openMeteoWeather("https://w.test/", (async () => new Response("no", { status: 503 })) as typeof fetch).current({ lat: 0, lng: 0 }),
    ).rejects.toThrow("503");
    await expect(
      openMeteoWeather("https://w.test/", (async () => Response.json({})) as typeof fetch).current({ lat: 0, lng: 0 }),
    ).rejects.toThrow();
    const hang = ((_url: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    await expect(openMeteoWeather("https://w.test/", hang, 20).current({ lat: 0, lng: 0 })).rejects.toThrow();
  });
});

describe("weather service", () => {
  it("caches per city for 10 minutes", async () => {
    let now = 0;
    const provider = { name: "p", current: vi.fn(fixed(60).current) };
    const service = weatherService(provider, fixed(0), () => now);
    await service.forCity("miami");
    await service.forCity("miami");
    await service.forCity("chicago");
    expect(provider.current).toHaveBeenCalledTimes(2);
    now = WEATHER_CACHE_MS + 1;
    await service.forCity("miami");
    expect(provider.current).toHaveBeenCalledTimes(3);
  });
  it("asks once for many simultaneous requests", async () => {
    const provider = { name: "p", current: vi.fn(fixed(60).current) };
    const service = weatherService(provider, fixed(0));
    await Promise.all([service.forCity("miami"), service.forCity("miami"), service.forCity("miami")]);
    expect(provider.current).toHaveBeenCalledTimes(1);
  });
  it("falls back, logs 'Weather data unavailable' and retries after a minute", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    let now = 0;
    const failing = { name: "open-meteo", current: vi.fn(async () => Promise.reject(new Error("down"))) };
    const service = weatherService(failing, fixed(55), () => now);
    expect(await service.forCity("new-york")).toEqual({
      weather: { condition: "sunny", temperature: 55, precipitation: false },
      source: "fixed",
    });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ city: "new-york" }), "Weather data unavailable");
    await service.forCity("new-york");
    expect(failing.current).toHaveBeenCalledTimes(1);
    now = WEATHER_RETRY_MS + 1;
    await service.forCity("new-york");
    expect(failing.current).toHaveBeenCalledTimes(2);
  });
});
