/**
 * GET /api/weather?city=new-york -> 200 {city, weather: {condition, temperature, precipitation}, source}
 *     source is the provider that answered ("simulated" or "open-meteo"); 400 for an unknown city.
 */
import type { Route } from "./+types/api.weather";
import { ApiError, json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { CITIES, isCity } from "~/venues/schema";
import { cityWeather } from "~/venues/weather.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const city = new URL(request.url).searchParams.get("city") ?? "new-york";
  if (!isCity(city)) throw new ApiError(400, `city must be one of ${CITIES.join(", ")}`);
  const { weather, source } = await cityWeather(city);
  return json({ city, weather, source }, { headers: { "Cache-Control": "public, max-age=300" } });
});

// Any other method answers 405 in the API's JSON error shape.
export const action = methodNotAllowed("GET");
