import { getEnv } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import { CITY_INFO, type City, type LatLng } from "./schema";
import { simulatedWeather, type Weather, type WeatherProvider } from "./weather";

/** Weather per city for the explorer, from the provider WEATHER_PROVIDER names, cached per city. */

export const WEATHER_TIMEOUT_MS = 3_000;
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
 * Answers from a per-city cache; a failing provider is logged ("Weather data unavailable") and the
 * simulation answers instead, as the spec's weather failure is logged only.
 */
export function weatherService(provider: WeatherProvider, fallback: WeatherProvider = simulatedWeather(), now: () => number = Date.now) {
  const cache = new Map<City, { value: CityWeather; until: number }>();
  const pending = new Map<City, Promise<CityWeather>>();
  async function load(city: City): Promise<CityWeather> {
    const at = CITY_INFO[city].centre;
    try {
      const value = { weather: await provider.current(at), source: provider.name };
      cache.set(city, { value, until: now() + WEATHER_CACHE_MS });
      return value;
    } catch (error) {
      logger.warn({ err: error, city, provider: provider.name }, "Weather data unavailable");
      const value = { weather: await fallback.current(at), source: fallback.name };
      cache.set(city, { value, until: now() + WEATHER_RETRY_MS });
      return value;
    }
  }
  return {
    async forCity(city: City): Promise<CityWeather> {
      const hit = cache.get(city);
      if (hit && hit.until > now()) return hit.value;
      // One request to the provider per city at a time, however many visitors ask.
      let job = pending.get(city);
      if (!job) {
        job = load(city).finally(() => pending.delete(city));
        pending.set(city, job);
      }
      return job;
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
