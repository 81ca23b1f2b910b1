/** Weather as the explorer uses it (spec section 3), and the spec's simulation. */
export type Weather = { condition: "sunny" | "rainy"; temperature: number; precipitation: boolean };

/** Where weather comes from; the server picks one with WEATHER_PROVIDER. */
export interface WeatherProvider {
  readonly name: string;
  current(at: { lat: number; lng: number }): Promise<Weather>;
}

const SIMULATED_TEMPERATURE = { min: 50, max: 79 } as const;
const SIMULATED_RAIN_CHANCE = 0.3;

/** The spec's simulation: 50-79 °F, rain 30% of the time. `random` is injectable so tests can pin it. */
export function simulateWeather(random: () => number = Math.random): Weather {
  const span = SIMULATED_TEMPERATURE.max - SIMULATED_TEMPERATURE.min + 1;
  const temperature = SIMULATED_TEMPERATURE.min + Math.min(span - 1, Math.floor(random() * span));
  const precipitation = random() < SIMULATED_RAIN_CHANCE;
  return { condition: precipitation ? "rainy" : "sunny", temperature, precipitation };
}

export const simulatedWeather = (random: () => number = Math.random): WeatherProvider => ({
  name: "simulated",
  current: async () => simulateWeather(random),
});

export const isWeather = (value: unknown): value is Weather => {
  const w = value as Weather | null;
  return (
    typeof w === "object" &&
    w !== null &&
    (w.condition === "sunny" || w.condition === "rainy") &&
    typeof w.temperature === "number" &&
    Number.isFinite(w.temperature) &&
    typeof w.precipitation === "boolean"
  );
};
