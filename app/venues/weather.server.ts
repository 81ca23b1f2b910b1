import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { VersionedCache } from "~/core/caches/versioned-cache";
import { CITY_INFO, type City, type LatLng } from "./schema";
import { simulatedWeather, type Weather, type WeatherProvider } from "./weather";

/** Weather per city for the explorer, from the provider WEATHER_PROVIDER names, cached per city. */

const WEATHER_TIMEOUT_MS = 3_000;
export const WEATHER_CACHE_MS = 10 * 60_000;
/** After a failure the fallback is kept briefly, so a down service is not asked on every request. */
export const WEATHER_RETRY_MS = 60_000;

// WMO weather codes that mean something falls from the sky: drizzle, rain, snow, showers, thunder.
const WET_CODES = new Set([51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]);

/** Open-Meteo's current conditions (no key needed), in °F, with a timeout. */
export function openMeteoWeather(baseUrl: string, fetchImpl: typeof fetch = fetch, timeoutMs = WEATHER_TIMEOUT_MS): WeatherProvider {
  return {
    name: "open-meteo",
    async current({ lat, lng }: LatLng): Promise<Weather> {
      const url = new URL(baseUrl);
      url.searchParams.set("latitude", lat.toFixed(4));
      url.searchParams.set("longitude", lng.toFixed(4));
      url.searchParams.set("current", "temperature_2m,precipitation,weather_code");
      url.searchParams.set("temperature_unit", "fahrenheit");
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`Open-Meteo answered ${response.status}`);
      const body = (await response.json()) as { current?: { temperature_2m?: unknown; precipitation?: unknown; weather_code?: unknown } };
      const temperature = body.current?.temperature_2m;
      if (typeof temperature !== "number" || !Number.isFinite(temperature)) throw new Error("Open-Meteo sent no temperature");
      const amount = typeof body.current?.precipitation === "number" ? body.current.precipitation : 0;
      const code = typeof body.current?.weather_code === "number" ? body.current.weather_code : 0;
      const precipitation = amount > 0 || WET_CODES.has(code);
      return { condition: precipitation ? "rainy" : "sunny", temperature: Math.round(temperature), precipitation };
    },
  };
}

export type CityWeather = { weather: Weather; source: string };

/**
 * Answers from a per-city cache (the provider's answer for WEATHER_CACHE_MS, the fallback for
 * WEATHER_RETRY_MS), asking the provider once per city at a time however many visitors ask; a failing
 * provider is logged ("Weather data unavailable") and the simulation answers instead, as the spec's
 * weather failure is logged only.
 */
export function weatherService(provider: WeatherProvider, fallback: WeatherProvider = simulatedWeather(), now: () => number = Date.now) {
  // A handful of cities, each a few numbers: the bounds are never reached.
  const cache = new VersionedCache<{ answer: CityWeather; keepMs: number }>({
    maxBytes: 64 * 1024,
    sizeOf: () => 200,
    lifetime: (kept) => kept.keepMs,
    now,
  });
  async function load(city: City): Promise<{ answer: CityWeather; keepMs: number }> {
    const at = CITY_INFO[city].centre;
    try {
      return { answer: { weather: await provider.current(at), source: provider.name }, keepMs: WEATHER_CACHE_MS };
    } catch (error) {
      logger.warn({ err: error, city, provider: provider.name }, "Weather data unavailable");
      return { answer: { weather: await fallback.current(at), source: fallback.name }, keepMs: WEATHER_RETRY_MS };
    }
  }
  return {
    async forCity(city: City): Promise<CityWeather> {
      return (await cache.getOrMake(city, "", () => load(city))).answer;
    },
  };
}

/**
 * The weather's version for cached pages: the current cache period. A page kept in one period is
 * rendered again in the next, with the weather the service holds by then.
 */
export function weatherVersionNow(): string {
  return String(Math.floor(Date.now() / WEATHER_CACHE_MS));
}
export async function weatherVersion(): Promise<string> {
  return weatherVersionNow();
}

let service: ReturnType<typeof weatherService> | undefined;

export function cityWeather(city: City): Promise<CityWeather> {
  if (!service) {
    const env = getEnv();
    service = weatherService(env.WEATHER_PROVIDER === "open-meteo" ? openMeteoWeather(env.OPEN_METEO_URL) : simulatedWeather());
  }
  return service.forCity(city);
}
